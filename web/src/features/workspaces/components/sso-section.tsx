import {
  SSO_DEFAULT_ROLES,
  type SamlCertificateSummary,
  type SsoDefaultRole,
  type SsoProtocol,
  type SsoSettings,
  type SsoTestResult,
} from '@app/contracts';
import { Alert, Button, Checkbox, Form, Input, Popconfirm, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { translate, useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useDeleteSso, useSaveSso, useSsoSettings, useTestSso } from '../api/sso';
import { fieldErrorsOf, roleLabel } from '../workspace-messages';
import { WorkspaceSection } from './workspace-section';

type MetadataSource = 'xml' | 'url';

// The protocols' names, the same in every language (not texts to translate).
const PROTOCOL_NAMES: Readonly<Record<SsoProtocol, string>> = { oidc: 'OpenID Connect', saml: 'SAML 2.0' };

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

/** "CN=…, valid until 2027-11-26, SHA-256 AB:CD:…", in the active language. */
const certificateText = (cert: SamlCertificateSummary) =>
  translate('{subject}, valid until {date}, SHA-256 {fingerprint}', {
    subject: cert.subject,
    date: cert.notAfter.slice(0, 10),
    fingerprint: cert.fingerprint256,
  });

/** What was found, row by row: each label already in the active language. */
function Found({ rows }: { rows: Array<[string, string | null]> }) {
  const t = useT();
  return (
    <dl className="workspace-sso__found">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? t('none')}</dd>
        </div>
      ))}
    </dl>
  );
}

function TestResult({ result }: { result: SsoTestResult }) {
  const t = useT();
  if (!result.ok)
    return (
      <Alert type="error" showIcon role="alert" title={t('Connection failed')} description={result.problem} />
    );
  if (result.saml)
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        title={t('Metadata works: the identity provider and its signing certificate were found.')}
        description={
          <Found
            rows={[
              [t('IdP entity ID'), result.saml.entityId],
              [t('SSO URL'), result.saml.ssoUrl],
              ...result.saml.certificates.map((cert, index): [string, string] => [
                t('Signing certificate {number}', { number: index + 1 }),
                certificateText(cert),
              ]),
            ]}
          />
        }
      />
    );
  const rows: Array<[string, string | null]> = [
    [t('Issuer'), result.issuer],
    [t('Authorization endpoint'), result.authorizationEndpoint],
    [t('Token endpoint'), result.tokenEndpoint],
    [t('Signing keys (JWKS)'), result.jwksUri],
    [t('End-session endpoint'), result.endSessionEndpoint],
  ];
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      title={t("Connection works: the provider's discovery document was found.")}
      description={<Found rows={rows} />}
    />
  );
}

/**
 * Issue 19: the organization's single sign-on (OpenID Connect or SAML 2.0), in the Settings tab (org admins only). The
 * client secret is write-only: once saved, the form only says one is stored.
 */
export function SsoSection({ slug }: { slug: string }) {
  const t = useT();
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
      setProblem(failureText(error, t('The connection could not be tested. Please try again.')));
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
      setProblem(failureText(error, t('Single sign-on could not be saved. Please try again.')));
      return;
    }
    form.setFieldsValue({ clientSecret: '', metadataXml: '' });
    notify.success({ title: t('Single sign-on saved'), description: saved.connection?.issuer ?? '' });
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      setProblem(failureText(error, t('Single sign-on could not be removed. Please try again.')));
      return;
    }
    form.setFieldsValue(valuesOf(undefined));
    notify.success({ title: t('Single sign-on removed'), description: t('Password sign-in works again.') });
  };

  return (
    <WorkspaceSection
      id="workspace-sso"
      title={t('Single sign-on')}
      error={settings.error}
      onRetry={() => void settings.refetch()}
    >
      {settings.isPending ? (
        <p>{t('Loading single sign-on settings…')}</p>
      ) : (
        <>
          <p className="workspace-sso__intro">
            {t(
              "Let members sign in with your organization's identity provider, over OpenID Connect (Microsoft Entra ID, Okta, Google Workspace…) or SAML 2.0 (ADFS, Shibboleth, Okta…).",
            )}
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
            <Form.Item label={t('Protocol')} name="protocol">
              <Radio.Group
                optionType="button"
                aria-label={t('Protocol')}
                options={[
                  { value: 'oidc', label: PROTOCOL_NAMES.oidc },
                  { value: 'saml', label: PROTOCOL_NAMES.saml },
                ]}
              />
            </Form.Item>
            {protocol === 'saml' ? (
              <SamlFields settings={settings.data} metadataSource={metadataSource} />
            ) : (
              <>
                <p>{t('Register this redirect URI at your provider:')}</p>
                <Typography.Paragraph copyable={{ text: settings.data?.redirectUri ?? '' }}>
                  <code className="workspace-sso__redirect">{settings.data?.redirectUri}</code>
                </Typography.Paragraph>
                <Form.Item
                  label={t('Issuer URL')}
                  name="issuer"
                  rules={[
                    { required: true, whitespace: true, message: t('Issuer URL is required') },
                    { type: 'url', message: t('Issuer URL must be an http(s) URL') },
                  ]}
                  extra={t(
                    'As your provider states it, e.g. https://login.microsoftonline.com/<tenant>/v2.0',
                  )}
                >
                  <Input type="url" autoComplete="off" spellCheck={false} />
                </Form.Item>
                <Form.Item
                  label={t('Client ID')}
                  name="clientId"
                  rules={[{ required: true, whitespace: true, message: t('Client ID is required') }]}
                >
                  <Input autoComplete="off" spellCheck={false} />
                </Form.Item>
                <Form.Item
                  label={t('Client secret')}
                  name="clientSecret"
                  rules={
                    connection?.clientSecretSet
                      ? []
                      : [{ required: true, message: t('Client secret is required') }]
                  }
                  extra={
                    connection?.clientSecretSet
                      ? t(
                          'A secret is stored (it is never shown). Leave empty to keep it, or enter a new one.',
                        )
                      : t('Stored encrypted; it is never shown again.')
                  }
                >
                  <Input.Password autoComplete="new-password" spellCheck={false} />
                </Form.Item>
              </>
            )}
            <Form.Item
              label={t('Allowed email domains')}
              name="domains"
              rules={[{ required: true, whitespace: true, message: t('Add at least one email domain') }]}
              extra={t(
                'Comma-separated, e.g. northgate.edu, alumni.northgate.edu. People with these addresses sign in here.',
              )}
            >
              <Input autoComplete="off" spellCheck={false} />
            </Form.Item>
            <Form.Item label={t('Role of new members')} name="defaultRole">
              <Select<SsoDefaultRole>
                options={SSO_DEFAULT_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
                className="workspace-role-select"
              />
            </Form.Item>
            <Form.Item name="enabled" valuePropName="checked">
              <Checkbox>{t('Single sign-on is on')}</Checkbox>
            </Form.Item>
            <Form.Item
              name="enforced"
              valuePropName="checked"
              extra={t('Password sign-in is refused for these domains; platform administrators keep theirs.')}
            >
              <Checkbox>{t('Require single sign-on')}</Checkbox>
            </Form.Item>
            {test.data ? <TestResult result={test.data} /> : null}
            {problem ? (
              <Alert type="error" showIcon role="alert" title={problem} className="workspace-problem" />
            ) : null}
            <Space wrap className="workspace-sso__actions">
              <Button htmlType="button" onClick={() => void onTest()} loading={test.isPending}>
                {t('Test connection')}
              </Button>
              <Button type="primary" htmlType="submit" loading={save.isPending} disabled={save.isPending}>
                {t('Save single sign-on')}
              </Button>
              {connection ? (
                <Popconfirm
                  title={t('Remove single sign-on?')}
                  description={t('Members sign in with their passwords again.')}
                  okText={t('Remove')}
                  onConfirm={() => void onRemove()}
                >
                  <Button danger htmlType="button" loading={remove.isPending}>
                    {t('Remove single sign-on')}
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
  const t = useT();
  const saml = settings?.connection?.protocol === 'saml' ? settings.connection : null;
  return (
    <>
      <p>{t('Register the platform at your identity provider with these two values:')}</p>
      <dl className="workspace-sso__found">
        <div>
          <dt>{t('SP entity ID (audience)')}</dt>
          <dd>
            <Typography.Text copyable>{settings?.saml.entityId}</Typography.Text>
          </dd>
        </div>
        <div>
          <dt>{t('ACS URL (HTTP-POST)')}</dt>
          <dd>
            <Typography.Text copyable>{settings?.saml.acsUrl}</Typography.Text>
          </dd>
        </div>
      </dl>
      <p>{t('The identity provider must sign its assertions.')}</p>
      {saml?.saml ? (
        <Alert
          type="info"
          showIcon
          title={t('Saved identity provider')}
          description={
            <Found
              rows={[
                [t('IdP entity ID'), saml.issuer],
                [t('SSO URL'), saml.saml.ssoUrl],
                ...saml.saml.certificates.map((cert, index): [string, string] => [
                  t('Signing certificate {number}', { number: index + 1 }),
                  certificateText(cert),
                ]),
              ]}
            />
          }
          className="workspace-sso__saved"
        />
      ) : null}
      <Form.Item label={t('Identity provider metadata')} name="metadataSource">
        <Radio.Group
          aria-label={t('Identity provider metadata')}
          options={[
            { value: 'xml', label: t('Paste the metadata XML') },
            { value: 'url', label: t('Metadata URL') },
          ]}
        />
      </Form.Item>
      {metadataSource === 'xml' ? (
        <Form.Item
          label={t('Metadata XML')}
          name="metadataXml"
          rules={[
            { required: true, whitespace: true, message: t('Paste the metadata XML, or give its URL') },
          ]}
          extra={
            saml
              ? t('Paste the metadata again to save changes (the saved identity provider is shown above).')
              : t('The EntityDescriptor your identity provider publishes.')
          }
        >
          <Input.TextArea rows={6} spellCheck={false} className="workspace-sso__metadata" />
        </Form.Item>
      ) : (
        <Form.Item
          label={t('Metadata URL')}
          name="metadataUrl"
          rules={[
            { required: true, whitespace: true, message: t('Metadata URL is required') },
            { type: 'url', message: t('Metadata URL must be an http(s) URL') },
          ]}
          extra={t(
            'Read when you test or save; save again after your identity provider changes its certificate.',
          )}
        >
          <Input type="url" autoComplete="off" spellCheck={false} />
        </Form.Item>
      )}
    </>
  );
}
