import {
  HOSTNAME_PATTERN,
  WHITE_LABEL_FIELDS,
  type Organization,
  type WhiteLabelField,
} from '@app/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { msg, translate, useT } from '../../i18n/i18n';

/*
 * Issue 19, white label: the organization's display name, favicon, reply-to address, support, terms and
 * privacy links and custom domain, one form shared by the workspace Settings tab (org admins) and the
 * admin's organization page (platform administrators). The service checks the same rules.
 */

export type WhiteLabelValues = Record<WhiteLabelField, string>;
export type WhiteLabelChanges = Partial<Record<WhiteLabelField, string>>;

const LABELS: Record<WhiteLabelField, { label: string; extra: string; type: 'text' | 'url' | 'email' }> = {
  displayName: {
    label: msg('Display name'),
    extra: msg('Shown to members in the header and as the sender of their e-mails; empty uses the name.'),
    type: 'text',
  },
  faviconUrl: {
    label: msg('Favicon URL'),
    extra: msg('An https address of a small square image.'),
    type: 'url',
  },
  replyToEmail: {
    label: msg('Reply-to address'),
    extra: msg("Replies to the e-mails members get go here (they are sent from the platform's address)."),
    type: 'email',
  },
  supportUrl: {
    label: msg('Support link'),
    extra: msg('An https address, shown in the footer.'),
    type: 'url',
  },
  termsUrl: { label: msg('Terms link'), extra: msg('An https address, shown in the footer.'), type: 'url' },
  privacyUrl: {
    label: msg('Privacy link'),
    extra: msg('An https address, shown in the footer.'),
    type: 'url',
  },
  customDomain: {
    label: msg('Custom domain'),
    extra: msg(
      'A hostname such as ventures.example.org, without https://. Point its DNS at the platform first (see the operator guide).',
    ),
    type: 'text',
  },
};

export function whiteLabelValuesOf(org: Pick<Organization, WhiteLabelField>): WhiteLabelValues {
  return Object.fromEntries(WHITE_LABEL_FIELDS.map((field) => [field, org[field] ?? ''])) as WhiteLabelValues;
}

/** Only what differs from the stored organization (trimmed; the domain and reply-to lowercased). */
export function changedWhiteLabel(before: WhiteLabelValues, after: WhiteLabelValues): WhiteLabelChanges {
  const changes: WhiteLabelChanges = {};
  for (const field of WHITE_LABEL_FIELDS) {
    const trimmed = (after[field] ?? '').trim();
    const value = field === 'customDomain' || field === 'replyToEmail' ? trimmed.toLowerCase() : trimmed;
    if (value !== before[field]) changes[field] = value;
  }
  return changes;
}

/** The problem with a value, or null when it is fine (the service's rules). */
export function whiteLabelProblem(field: WhiteLabelField, raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  const { label, type } = LABELS[field];
  if (type === 'url') {
    try {
      if (new URL(value).protocol === 'https:') return null;
    } catch {
      // Not a URL at all.
    }
    return translate('{field} must be an https address', { field: translate(label) });
  }
  if (field === 'customDomain') {
    return HOSTNAME_PATTERN.test(value.toLowerCase())
      ? null
      : translate('Custom domain must be a hostname like ventures.example.org (no scheme, port or path)');
  }
  if (type === 'email') {
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
      ? null
      : translate('Reply-to address must be an e-mail address');
  }
  return value.length > 100 ? translate('Display name must be at most 100 characters') : null;
}

/** The server's validation errors on white-label fields (`path[0]` is the field), as form field errors. */
export function whiteLabelFieldErrors(error: unknown): { name: WhiteLabelField; errors: string[] }[] {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return [];
  const issues = (error.body as { validationErrors?: unknown }).validationErrors;
  if (!Array.isArray(issues)) return [];
  const byField = new Map<WhiteLabelField, string[]>();
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    const field = Array.isArray(issue?.path) ? issue.path[0] : undefined;
    if (!(WHITE_LABEL_FIELDS as readonly unknown[]).includes(field) || typeof issue.message !== 'string')
      continue;
    const name = field as WhiteLabelField;
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}

interface WhiteLabelFormProps {
  /** Unique per page (form and field ids). */
  name: string;
  initial: WhiteLabelValues;
  saving: boolean;
  /** Saves the changes; rejects with field errors and a problem to show. */
  onSave(
    changes: WhiteLabelChanges,
  ): Promise<
    { ok: true } | { ok: false; fieldErrors: { name: WhiteLabelField; errors: string[] }[]; problem: string }
  >;
  /** Called when there is nothing to save. */
  onUnchanged(): void;
}

export function WhiteLabelForm({ name, initial, saving, onSave, onUnchanged }: WhiteLabelFormProps) {
  const t = useT();
  const [form] = Form.useForm<WhiteLabelValues>();
  const [problem, setProblem] = useState<string | null>(null);

  const onFinish = async (values: WhiteLabelValues) => {
    setProblem(null);
    const changes = changedWhiteLabel(initial, values);
    if (Object.keys(changes).length === 0) return onUnchanged();
    const result = await onSave(changes);
    if (!result.ok) {
      form.setFields(result.fieldErrors);
      setProblem(result.problem);
    }
  };

  return (
    <Form<WhiteLabelValues>
      form={form}
      name={name}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void onFinish(values)}
      className="white-label-form"
    >
      {WHITE_LABEL_FIELDS.map((field) => {
        const { label, extra, type } = LABELS[field];
        return (
          <Form.Item
            key={field}
            label={t(label)}
            name={field}
            extra={t(extra)}
            rules={[
              {
                validator: async (_rule: unknown, value: string | undefined) => {
                  const found = whiteLabelProblem(field, value);
                  if (found) throw new Error(found);
                },
              },
            ]}
          >
            <Input type={type} autoComplete="off" spellCheck={false} />
          </Form.Item>
        );
      })}
      {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
        {t('Save white label')}
      </Button>
    </Form>
  );
}
