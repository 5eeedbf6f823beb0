import {
  ORG_ROLE_LABELS,
  SSO_DEFAULT_ROLES,
  type SamlCertificateSummary,
  type SsoDefaultRole,
  type SsoProtocol,
  type SsoSettings,
  type SsoTestResult,
} from '@app/contracts';
import { Alert, Button, Checkbox, Form, Input, Popconfirm, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useDeleteSso, useSaveSso, useSsoSettings, useTestSso } from '../api/sso';
import { fieldErrorsOf } from '../workspace-messages';
import { WorkspaceSection } from './workspace-section';

type MetadataSource = 'xml' | 'url';

interface SsoValues {
  protocol: SsoProtocol;
  metadataSource: MetadataSource;
  metadataXml: string;
  metadataUrl: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  defaultRole: SsoDefaultRole;
  enabled: boolean;
  enforced: boolean;
}

const FIELDS = [
  'issuer',
  'clientId',
  'clientSecret',
  'metadataXml',
  'metadataUrl',
  'domains',
  'defaultRole',
] as const;

/** "a.edu, b.edu" → ['a.edu', 'b.edu'] (lowercased, without an @ typed in front). */
export function domainsOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
}

function valuesOf(settings: SsoSettings | undefined): SsoValues {
  const connection = settings?.connection;
  const saml = connection?.saml ?? null;
  return {
    protocol: connection?.protocol ?? 'oidc',
    metadataSource: saml?.metadataUrl ? 'url' : 'xml',
    metadataXml: '',
    metadataUrl: saml?.metadataUrl ?? '',
    issuer: connection?.protocol === 'oidc' ? connection.issuer : '',
    clientId: connection?.clientId ?? '',
    clientSecret: '',
    domains: connection?.domains.join(', ') ?? '',
    defaultRole: connection?.defaultRole ?? 'founder',
    enabled: connection?.enabled ?? true,
    enforced: connection?.enforced ?? false,
  };
}

/** "CN=…, valid until 2027-11-26, SHA-256 AB:CD:…" */
const certificateText = (cert: SamlCertificateSummary) =>
  `${cert.subject}, valid until ${cert.notAfter.slice(0, 10)}, SHA-256 ${cert.fingerprint256}`;

function Found({ rows }: { rows: Array<[string, string | null]> }) {
  return (
    <dl className="workspace-sso__found">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? 'none'}</dd>
        </div>
      ))}
    </dl>
  );
}

function TestResult({ result }: { result: SsoTestResult }) {
  if (!result.ok)
    return (
      <Alert type="error" showIcon role="alert" title="Connection failed" description={result.problem} />
    );
  if (result.saml)
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        title="Metadata works: the identity provider and its signing certificate were found."
        description={
          <Found
            rows={[
              ['IdP entity ID', result.saml.entityId],
              ['SSO URL', result.saml.ssoUrl],
              ...result.saml.certificates.map((cert, index): [string, string] => [
                `Signing certificate ${index + 1}`,
                certificateText(cert),
              ]),
            ]}
          />
        }
      />
    );
  const rows: Array<[string, string | null]> = [
    ['Issuer', result.issuer],
    ['Authorization endpoint', result.authorizationEndpoint],
    ['Token endpoint', result.tokenEndpoint],
    ['Signing keys (JWKS)', result.jwksUri],
    ['End-session endpoint', result.endSessionEndpoint],
  ];
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      title="Connection works: the provider's discovery document was found."
      description={<Found rows={rows} />}
    />
  );
}

/**
 * Issue 19: the organization's single sign-on (OpenID Connect or SAML 2.0), in the Settings tab (org admins only). The
 * client secret is write-only: once saved, the form only says one is stored.
 */
export function SsoSection({ slug }: { slug: string }) {
  const settings = useSsoSettings(slug);
  const save = useSaveSso(slug);
  const remove = useDeleteSso(slug);
  const test = useTestSso(slug);
  const notify = useNotify();
  const [form] = Form.useForm<SsoValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const connection = settings.data?.connection ?? null;
  const protocol: SsoProtocol = Form.useWatch('protocol', form) ?? connection?.protocol ?? 'oidc';
  const metadataSource: MetadataSource = Form.useWatch('metadataSource', form) ?? 'xml';

  const onTest = async () => {
    test.reset();
    setProblem(null);
    try {
      if (protocol === 'saml') {
        const field = metadataSource === 'xml' ? 'metadataXml' : 'metadataUrl';
        const values = await form.validateFields([field]).catch(() => null);
        if (!values) return;
        await test.mutateAsync(
          metadataSource === 'xml'
            ? { protocol: 'saml', metadataXml: values.metadataXml.trim() }
            : { protocol: 'saml', metadataUrl: values.metadataUrl.trim() },
        );
        return;
      }
      const values = await form.validateFields(['issuer']).catch(() => null);
      if (!values) return;
      await test.mutateAsync({ issuer: values.issuer.trim() });
    } catch (error) {
      setProblem(failureText(error, 'The connection could not be tested. Please try again.'));
    }
  };

  const onFinish = async (values: SsoValues) => {
    setProblem(null);
    const common = {
      domains: domainsOf(values.domains),
      defaultRole: values.defaultRole,
      enabled: values.enabled,
      enforced: values.enforced,
    };
    let saved: SsoSettings;
    try {
      saved = await save.mutateAsync(
        values.protocol === 'saml'
          ? {
              protocol: 'saml',
              ...(values.metadataSource === 'xml'
                ? { metadataXml: values.metadataXml.trim() }
                : { metadataUrl: values.metadataUrl.trim() }),
              ...common,
            }
          : {
              protocol: 'oidc',
              issuer: values.issuer.trim(),
              clientId: values.clientId.trim(),
              ...(values.clientSecret === '' ? {} : { clientSecret: values.clientSecret }),
              ...common,
            },
      );
    } catch (error) {
      form.setFields(fieldErrorsOf(error, FIELDS));
      setProblem(failureText(error, 'Single sign-on could not be saved. Please try again.'));
      return;
    }
    form.setFieldsValue({ clientSecret: '', metadataXml: '' });
    notify.success({ title: 'Single sign-on saved', description: saved.connection?.issuer ?? '' });
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      setProblem(failureText(error, 'Single sign-on could not be removed. Please try again.'));
      return;
    }
    form.setFieldsValue(valuesOf(undefined));
    notify.success({ title: 'Single sign-on removed', description: 'Password sign-in works again.' });
  };

  return (
    <WorkspaceSection
      id="workspace-sso"
      title="Single sign-on"
      error={settings.error}
      onRetry={() => void settings.refetch()}
    >
      {settings.isPending ? (
        <p>Loading single sign-on settings…</p>
      ) : (
        <>
          <p className="workspace-sso__intro">
            Let members sign in with your organization&apos;s identity provider, over OpenID Connect
            (Microsoft Entra ID, Okta, Google Workspace…) or SAML 2.0 (ADFS, Shibboleth, Okta…).
          </p>
          <Form<SsoValues>
            form={form}
            name="sso-settings"
            layout="vertical"
            initialValues={valuesOf(settings.data)}
            onFinish={(values) => void onFinish(values)}
            className="workspace-settings"
            onValuesChange={(changed: Partial<SsoValues>) => {
              if ('protocol' in changed || 'metadataSource' in changed) test.reset();
            }}
          >
            <Form.Item label="Protocol" name="protocol">
              <Radio.Group
                optionType="button"
                aria-label="Protocol"
                options={[
                  { value: 'oidc', label: 'OpenID Connect' },
                  { value: 'saml', label: 'SAML 2.0' },
                ]}
              />
            </Form.Item>
            {protocol === 'saml' ? (
              <SamlFields settings={settings.data} metadataSource={metadataSource} />
            ) : (
              <>
                <p>Register this redirect URI at your provider:</p>
                <Typography.Paragraph copyable={{ text: settings.data?.redirectUri ?? '' }}>
                  <code className="workspace-sso__redirect">{settings.data?.redirectUri}</code>
                </Typography.Paragraph>
                <Form.Item
                  label="Issuer URL"
                  name="issuer"
                  rules={[
                    { required: true, whitespace: true, message: 'Issuer URL is required' },
                    { type: 'url', message: 'Issuer URL must be an http(s) URL' },
                  ]}
                  extra="As your provider states it, e.g. https://login.microsoftonline.com/<tenant>/v2.0"
                >
                  <Input type="url" autoComplete="off" spellCheck={false} />
                </Form.Item>
                <Form.Item
                  label="Client ID"
                  name="clientId"
                  rules={[{ required: true, whitespace: true, message: 'Client ID is required' }]}
                >
                  <Input autoComplete="off" spellCheck={false} />
                </Form.Item>
                <Form.Item
                  label="Client secret"
                  name="clientSecret"
                  rules={
                    connection?.clientSecretSet
                      ? []
                      : [{ required: true, message: 'Client secret is required' }]
                  }
                  extra={
                    connection?.clientSecretSet
                      ? 'A secret is stored (it is never shown). Leave empty to keep it, or enter a new one.'
                      : 'Stored encrypted; it is never shown again.'
                  }
                >
                  <Input.Password autoComplete="new-password" spellCheck={false} />
                </Form.Item>
              </>
            )}
            <Form.Item
              label="Allowed email domains"
              name="domains"
              rules={[{ required: true, whitespace: true, message: 'Add at least one email domain' }]}
              extra="Comma-separated, e.g. northgate.edu, alumni.northgate.edu. People with these addresses sign in here."
            >
              <Input autoComplete="off" spellCheck={false} />
            </Form.Item>
            <Form.Item label="Role of new members" name="defaultRole">
              <Select<SsoDefaultRole>
                options={SSO_DEFAULT_ROLES.map((role) => ({ value: role, label: ORG_ROLE_LABELS[role] }))}
                className="workspace-role-select"
              />
            </Form.Item>
            <Form.Item name="enabled" valuePropName="checked">
              <Checkbox>Single sign-on is on</Checkbox>
            </Form.Item>
            <Form.Item
              name="enforced"
              valuePropName="checked"
              extra="Password sign-in is refused for these domains; platform administrators keep theirs."
            >
              <Checkbox>Require single sign-on</Checkbox>
            </Form.Item>
            {test.data ? <TestResult result={test.data} /> : null}
            {problem ? (
              <Alert type="error" showIcon role="alert" title={problem} className="workspace-problem" />
            ) : null}
            <Space wrap className="workspace-sso__actions">
              <Button htmlType="button" onClick={() => void onTest()} loading={test.isPending}>
                Test connection
              </Button>
              <Button type="primary" htmlType="submit" loading={save.isPending} disabled={save.isPending}>
                Save single sign-on
              </Button>
              {connection ? (
                <Popconfirm
                  title="Remove single sign-on?"
                  description="Members sign in with their passwords again."
                  okText="Remove"
                  onConfirm={() => void onRemove()}
                >
                  <Button danger htmlType="button" loading={remove.isPending}>
                    Remove single sign-on
                  </Button>
                </Popconfirm>
              ) : null}
            </Space>
          </Form>
        </>
      )}
    </WorkspaceSection>
  );
}

/** The SAML part of the form: what to register at the IdP, then its metadata (pasted or by URL). */
function SamlFields({
  settings,
  metadataSource,
}: {
  settings: SsoSettings | undefined;
  metadataSource: MetadataSource;
}) {
  const saml = settings?.connection?.protocol === 'saml' ? settings.connection : null;
  return (
    <>
      <p>Register the platform at your identity provider with these two values:</p>
      <dl className="workspace-sso__found">
        <div>
          <dt>SP entity ID (audience)</dt>
          <dd>
            <Typography.Text copyable>{settings?.saml.entityId}</Typography.Text>
          </dd>
        </div>
        <div>
          <dt>ACS URL (HTTP-POST)</dt>
          <dd>
            <Typography.Text copyable>{settings?.saml.acsUrl}</Typography.Text>
          </dd>
        </div>
      </dl>
      <p>The identity provider must sign its assertions.</p>
      {saml?.saml ? (
        <Alert
          type="info"
          showIcon
          title="Saved identity provider"
          description={
            <Found
              rows={[
                ['IdP entity ID', saml.issuer],
                ['SSO URL', saml.saml.ssoUrl],
                ...saml.saml.certificates.map((cert, index): [string, string] => [
                  `Signing certificate ${index + 1}`,
                  certificateText(cert),
                ]),
              ]}
            />
          }
          className="workspace-sso__saved"
        />
      ) : null}
      <Form.Item label="Identity provider metadata" name="metadataSource">
        <Radio.Group
          aria-label="Identity provider metadata"
          options={[
            { value: 'xml', label: 'Paste the metadata XML' },
            { value: 'url', label: 'Metadata URL' },
          ]}
        />
      </Form.Item>
      {metadataSource === 'xml' ? (
        <Form.Item
          label="Metadata XML"
          name="metadataXml"
          rules={[{ required: true, whitespace: true, message: 'Paste the metadata XML, or give its URL' }]}
          extra={
            saml
              ? 'Paste the metadata again to save changes (the saved identity provider is shown above).'
              : 'The EntityDescriptor your identity provider publishes.'
          }
        >
          <Input.TextArea rows={6} spellCheck={false} className="workspace-sso__metadata" />
        </Form.Item>
      ) : (
        <Form.Item
          label="Metadata URL"
          name="metadataUrl"
          rules={[
            { required: true, whitespace: true, message: 'Metadata URL is required' },
            { type: 'url', message: 'Metadata URL must be an http(s) URL' },
          ]}
          extra="Read when you test or save; save again after your identity provider changes its certificate."
        >
          <Input type="url" autoComplete="off" spellCheck={false} />
        </Form.Item>
      )}
    </>
  );
}
