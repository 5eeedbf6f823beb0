import {
  DEFAULT_RISK_RULES,
  type OrgAuditAction,
  type OrgAuditEntry,
  type OrgRole,
  type RiskRules,
} from '@app/contracts';
import { currentLanguage, currentLocale, msg, translate } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-client';

/*
 * Issue 21: labels are marked here (msg) and translated where shown; the helpers that build text translate
 * in the language active when they run (the components calling them render again on a change).
 */

/** How the audit log names each action (translated where shown). */
export const AUDIT_ACTION_LABELS: Readonly<Record<OrgAuditAction, string>> = {
  'member.invited': msg('Invited a member'),
  'member.role_changed': msg('Changed a role'),
  'member.removed': msg('Removed a member'),
  'invitation.revoked': msg('Revoked an invitation'),
  'settings.updated': msg('Changed the settings'),
  'program.created': msg('Created a program'),
  'program.updated': msg('Changed a program'),
  'program.archived': msg('Archived a program'),
  'template.published': msg('Published the template'),
  'cohort.exported': msg('Exported a cohort'),
  'mentor.assigned': msg('Assigned a mentor'),
  'mentor.unassigned': msg('Unassigned a mentor'),
  'sso.updated': msg('Changed single sign-on'),
  'sso.deleted': msg('Removed single sign-on'),
  'sso.user_created': msg('Created an account by single sign-on'),
  'sso.user_linked': msg('Linked an account to single sign-on'),
};

/** The roles' names: the English of `ORG_ROLE_LABELS` (@app/contracts), word for word (the unit test holds them equal). */
export const ROLE_NAMES: Readonly<Record<OrgRole, string>> = {
  orgAdmin: msg('Organization admin'),
  programManager: msg('Program manager'),
  mentor: msg('Mentor'),
  founder: msg('Founder'),
};

const text = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return translate('(none)');
  if (typeof value === 'string') {
    const role = (ROLE_NAMES as Record<string, string>)[value];
    return role === undefined ? value : translate(role);
  }
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

/** A role's name in the active language. */
export const roleLabel = (role: OrgRole) => translate(ROLE_NAMES[role]);

/** The risk rules as the program form edits them: a number, or empty for "off". */
export type RiskRuleValues = Record<keyof RiskRules, number | null>;

/** The rules as the program form shows them (labels translated where shown). */
export const RISK_RULE_FIELDS: ReadonlyArray<{ key: keyof RiskRules; label: string; max: number }> = [
  { key: 'inactivityDays', label: msg('Days without activity'), max: 365 },
  { key: 'overdueTasks', label: msg('Overdue tasks'), max: 200 },
  { key: 'blockedDays', label: msg('Days a task is blocked'), max: 365 },
  { key: 'belowMedianPoints', label: msg('Points below the cohort median at mid-program'), max: 100 },
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

/**
 * "1 Mar 2027, 09:00", in the reader's zone: British order in English (as it always was), the reader's own
 * language otherwise.
 */
export function formatWhen(iso: string): string {
  const locale = currentLanguage() === 'en' ? 'en-GB' : currentLocale();
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
