// Issue 18: programs (cohorts), their at-risk rules, plans. Zod-free, so a page that shows them carries no schema.

/** An organization's plan: Enterprise lifts the Free plan's venture limit for its members. */
export const ORGANIZATION_PLANS = ['free', 'enterprise'] as const;
export type OrganizationPlan = (typeof ORGANIZATION_PLANS)[number];
export const ORGANIZATION_PLAN_LABELS: Readonly<Record<OrganizationPlan, string>> = {
  free: 'Free',
  enterprise: 'Enterprise',
};

/**
 * Spec business constant "Free plan: 1 venture", enforced on the server (issue 18) unless the user is a
 * member of an organization on the Enterprise plan. The number is configuration (`FREE_PLAN_VENTURE_LIMIT`
 * in the venture service); this is its default. Ventures beyond it that exist already stay usable.
 */
export const DEFAULT_FREE_PLAN_VENTURE_LIMIT = 1;

/** The message of `VENTURE.PLAN_LIMIT` (403), with the way forward the web also offers as links. */
export function planLimitMessage(limit: number): string {
  const ventures = limit === 1 ? '1 venture' : `${limit} ventures`;
  return `The Free plan includes ${ventures}. Join your institution's program, or contact us about a plan with more ventures.`;
}

/**
 * The rules that flag an enrolled venture "At risk", per program (each null = off). Defaults as issue 18
 * gives them: 14 days without activity, 3 overdue tasks, a task blocked for 7 days, 20 points below the
 * cohort's median progress once half the program's time has passed.
 */
export interface RiskRules {
  inactivityDays: number | null;
  overdueTasks: number | null;
  blockedDays: number | null;
  belowMedianPoints: number | null;
}

export const DEFAULT_RISK_RULES: Readonly<RiskRules> = {
  inactivityDays: 14,
  overdueTasks: 3,
  blockedDays: 7,
  belowMedianPoints: 20,
};

export const RISK_REASON_KINDS = ['inactive', 'overdue', 'blocked', 'belowMedian'] as const;
export type RiskReasonKind = (typeof RISK_REASON_KINDS)[number];

export interface RiskReason {
  kind: RiskReasonKind;
  /** Days inactive, tasks overdue, days blocked (the longest), or points below the median. */
  value: number;
}

/** The text of a reason, as the dashboard badge, the e-mails and the CSV show it. */
export function riskReasonText(reason: RiskReason): string {
  const { value } = reason;
  switch (reason.kind) {
    case 'inactive':
      return `no activity for ${value} ${value === 1 ? 'day' : 'days'}`;
    case 'overdue':
      return `${value} ${value === 1 ? 'task' : 'tasks'} overdue`;
    case 'blocked':
      return `blocked for ${value} ${value === 1 ? 'day' : 'days'}`;
    case 'belowMedian':
      return `${value} points below the cohort median at mid-program`;
  }
}

/** The web page of a program's cohort dashboard, and of an organization's workspace and template editor. */
export const programPagePath = (programId: string) => `/programs/${encodeURIComponent(programId)}`;
export const workspacePagePath = (slug: string) => `/orgs/${encodeURIComponent(slug)}`;
export const templateEditorPagePath = (slug: string) => `/orgs/${encodeURIComponent(slug)}/template`;
/** A mentor's "My ventures". */
export const MENTORING_PAGE_PATH = '/mentoring';
/** Where a staff invitation e-mail links to: `/org-invitation#token=...` (the token in the fragment). */
export const ORG_INVITATION_PAGE_PATH = '/org-invitation';

/** How many rows an admin list or an audit log page holds by default, and at most. */
export const PAGE_SIZE = { default: 50, max: 200 } as const;
