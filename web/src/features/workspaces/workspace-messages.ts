import {
  DEFAULT_RISK_RULES,
  ORG_ROLE_LABELS,
  type OrgAuditAction,
  type OrgAuditEntry,
  type OrgRole,
  type RiskRules,
} from '@app/contracts';
import { isApiError } from '../../lib/api-client';

/** How the audit log names each action. */
export const AUDIT_ACTION_LABELS: Readonly<Record<OrgAuditAction, string>> = {
  'member.invited': 'Invited a member',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'invitation.revoked': 'Revoked an invitation',
  'settings.updated': 'Changed the settings',
  'program.created': 'Created a program',
  'program.updated': 'Changed a program',
  'program.archived': 'Archived a program',
  'template.published': 'Published the template',
  'cohort.exported': 'Exported a cohort',
  'mentor.assigned': 'Assigned a mentor',
  'mentor.unassigned': 'Unassigned a mentor',
  'sso.updated': 'Changed single sign-on',
  'sso.deleted': 'Removed single sign-on',
  'sso.user_created': 'Created an account by single sign-on',
  'sso.user_linked': 'Linked an account to single sign-on',
};

const text = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'string') return (ORG_ROLE_LABELS as Record<string, string>)[value] ?? value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** An entry's details, field by field: "name: Old → New; role: Mentor". */
export function describeAuditDetails(details: OrgAuditEntry['details']): string {
  return Object.entries(details)
    .map(([field, value]) => {
      if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
        const change = value as { from: unknown; to: unknown };
        return `${field}: ${text(change.from)} → ${text(change.to)}`;
      }
      return `${field}: ${text(value)}`;
    })
    .join('; ');
}

export const roleLabel = (role: OrgRole) => ORG_ROLE_LABELS[role];

/** The risk rules as the program form edits them: a number, or empty for "off". */
export type RiskRuleValues = Record<keyof RiskRules, number | null>;

export const RISK_RULE_FIELDS: ReadonlyArray<{ key: keyof RiskRules; label: string; max: number }> = [
  { key: 'inactivityDays', label: 'Days without activity', max: 365 },
  { key: 'overdueTasks', label: 'Overdue tasks', max: 200 },
  { key: 'blockedDays', label: 'Days a task is blocked', max: 365 },
  { key: 'belowMedianPoints', label: 'Points below the cohort median at mid-program', max: 100 },
];

export const defaultRiskRuleValues = (): RiskRuleValues => ({ ...DEFAULT_RISK_RULES });

/** An antd form value (number, null, undefined or empty) as a rule: a whole number, or null for off. */
export function ruleValue(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null;
}

/** Whether a failed workspace read means "not yours to see" (shown as Page Not Found). */
export function isOutOfScope(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 403);
}

/** The server's validation errors as antd form field errors (`path[0]` is the field). */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): { name: F; errors: string[] }[] {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return [];
  const issues = (error.body as { validationErrors?: unknown }).validationErrors;
  if (!Array.isArray(issues)) return [];
  const byField = new Map<F, string[]>();
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    const field = Array.isArray(issue?.path) ? (issue.path[0] as F) : undefined;
    if (typeof field !== 'string' || !fields.includes(field) || typeof issue.message !== 'string') continue;
    byField.set(field, [...(byField.get(field) ?? []), issue.message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}

/** "1 March 2027 at 09:00", in the reader's zone. */
export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
