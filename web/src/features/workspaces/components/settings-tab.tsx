import type { Workspace } from '@app/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useUpdateSettings, type SettingsInput } from '../api/workspace-mutations';
import { fieldErrorsOf } from '../workspace-messages';
import { SsoSection } from './sso-section';
import { WorkspaceSection } from './workspace-section';

interface SettingsValues {
  name: string;
  description: string;
  logoUrl: string;
  primaryColor: string;
  secondaryColor: string;
}

const FIELDS = ['name', 'description', 'logoUrl', 'primaryColor', 'secondaryColor'] as const;
const COLOR = /^#[0-9A-Fa-f]{6}$/;
// A format, the same in every language (not a text to translate).
const HEX_FORMAT = '#RRGGBB';

function valuesOf(workspace: Workspace): SettingsValues {
  const org = workspace.organization;
  return {
    name: org.name,
    description: org.description ?? '',
    logoUrl: org.logoUrl ?? '',
    primaryColor: org.primaryColor,
    secondaryColor: org.secondaryColor,
  };
}

/** Only what differs from the stored organization (trimmed; colours in upper case). */
export function changedSettings(before: SettingsValues, after: SettingsValues): SettingsInput {
  const changes: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = field.endsWith('Color') ? after[field].trim().toUpperCase() : after[field].trim();
    if (value !== before[field]) changes[field] = value;
  }
  return changes as SettingsInput;
}

/** An org admin's settings: name, description, logo and colours (the slug and plan are the platform's). */
export function SettingsTab({ slug, workspace }: { slug: string; workspace: Workspace }) {
  const t = useT();
  const [form] = Form.useForm<SettingsValues>();
  const update = useUpdateSettings(slug);
  const notify = useNotify();
  const [problem, setProblem] = useState<string | null>(null);
  const initial = valuesOf(workspace);

  const onFinish = async (values: SettingsValues) => {
    setProblem(null);
    const changes = changedSettings(initial, values);
    if (Object.keys(changes).length === 0) {
      notify.info({ title: t('Nothing to save'), description: t('The settings are unchanged.') });
      return;
    }
    try {
      await update.mutateAsync(changes);
    } catch (error) {
      form.setFields(fieldErrorsOf(error, FIELDS));
      setProblem(failureText(error, t('The settings could not be saved. Please try again.')));
      return;
    }
    notify.success({ title: t('Settings saved'), description: Object.keys(changes).join(', ') });
  };

  return (
    <>
      <WorkspaceSection id="workspace-settings" title={t('Settings')}>
        <Form<SettingsValues>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={(values) => void onFinish(values)}
          className="workspace-settings"
        >
          <Form.Item
            label={t('Name')}
            name="name"
            rules={[
              { required: true, whitespace: true, message: t('Name is required') },
              { min: 2, message: t('Name must be at least {min} characters', { min: 2 }) },
              { max: 100, message: t('Name must be at most {max} characters', { max: 100 }) },
            ]}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item
            label={t('Description')}
            name="description"
            rules={[{ max: 1000, message: t('Description must be at most 1000 characters') }]}
          >
            <Input.TextArea rows={3} showCount maxLength={1000} />
          </Form.Item>
          <Form.Item
            label={t('Logo URL')}
            name="logoUrl"
            extra={t('An http or https address; leave empty for no logo.')}
          >
            <Input type="url" autoComplete="off" />
          </Form.Item>
          <div className="workspace-form-row">
            {(['primaryColor', 'secondaryColor'] as const).map((field) => (
              <Form.Item
                key={field}
                label={field === 'primaryColor' ? t('Primary colour') : t('Secondary colour')}
                name={field}
                rules={[{ pattern: COLOR, message: t('Use a colour like #3B82F6') }]}
              >
                <Input maxLength={7} spellCheck={false} autoComplete="off" placeholder={HEX_FORMAT} />
              </Form.Item>
            ))}
          </div>
          {problem ? (
            <Alert type="error" showIcon role="alert" title={problem} className="workspace-problem" />
          ) : null}
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={update.isPending}>
            {t('Save settings')}
          </Button>
        </Form>
      </WorkspaceSection>
      <SsoSection slug={slug} />
    </>
  );
}
