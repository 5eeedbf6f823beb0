import type { Workspace } from '@app/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
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
  const [form] = Form.useForm<SettingsValues>();
  const update = useUpdateSettings(slug);
  const notify = useNotify();
  const [problem, setProblem] = useState<string | null>(null);
  const initial = valuesOf(workspace);

  const onFinish = async (values: SettingsValues) => {
    setProblem(null);
    const changes = changedSettings(initial, values);
    if (Object.keys(changes).length === 0) {
      notify.info({ title: 'Nothing to save', description: 'The settings are unchanged.' });
      return;
    }
    try {
      await update.mutateAsync(changes);
    } catch (error) {
      form.setFields(fieldErrorsOf(error, FIELDS));
      setProblem(failureText(error, 'The settings could not be saved. Please try again.'));
      return;
    }
    notify.success({ title: 'Settings saved', description: Object.keys(changes).join(', ') });
  };

  return (
    <>
      <WorkspaceSection id="workspace-settings" title="Settings">
        <Form<SettingsValues>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={(values) => void onFinish(values)}
          className="workspace-settings"
        >
          <Form.Item
            label="Name"
            name="name"
            rules={[
              { required: true, whitespace: true, message: 'Name is required' },
              { min: 2, message: 'Name must be at least 2 characters' },
              { max: 100, message: 'Name must be at most 100 characters' },
            ]}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item
            label="Description"
            name="description"
            rules={[{ max: 1000, message: 'Description must be at most 1000 characters' }]}
          >
            <Input.TextArea rows={3} showCount maxLength={1000} />
          </Form.Item>
          <Form.Item
            label="Logo URL"
            name="logoUrl"
            extra="An http or https address; leave empty for no logo."
          >
            <Input type="url" autoComplete="off" />
          </Form.Item>
          <div className="workspace-form-row">
            {(['primaryColor', 'secondaryColor'] as const).map((field) => (
              <Form.Item
                key={field}
                label={field === 'primaryColor' ? 'Primary colour' : 'Secondary colour'}
                name={field}
                rules={[{ pattern: COLOR, message: 'Use a colour like #3B82F6' }]}
              >
                <Input maxLength={7} spellCheck={false} autoComplete="off" placeholder="#RRGGBB" />
              </Form.Item>
            ))}
          </div>
          {problem ? (
            <Alert type="error" showIcon role="alert" title={problem} className="workspace-problem" />
          ) : null}
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={update.isPending}>
            Save settings
          </Button>
        </Form>
      </WorkspaceSection>
      <SsoSection slug={slug} />
    </>
  );
}
