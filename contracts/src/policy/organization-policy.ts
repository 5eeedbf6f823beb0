/*
 * Who may do what in an organization (issue 18): the one policy the organization and venture services
 * decide with and the web app shows and hides its controls by. The server always decides; the web only
 * mirrors it. Zod-free and dependency-free, like the venture policy beside it.
 *
 *   orgAdmin        settings, members and invitations, templates, programs, the audit log, and all below
 *   programManager  every program of the organization: its dashboard, its export, mentor assignments, and
 *                   reads every enrolled venture (as far as its founder lets the program see it)
 *   mentor          the ventures assigned to them: reads, comments, verifies completed tasks
 *   founder         owns ventures (venture roles decide there) and is enrolled in programs
 *
 * One role per person per organization. A platform administrator acts as an orgAdmin in every organization
 * (and keeps the admin dashboard). Outside one's scope an organization, a program and a venture do not exist
 * (404), as for ventures today; inside it, a role too low for the action gets 403.
 */

export const ORG_ROLES = ['orgAdmin', 'programManager', 'mentor', 'founder'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** The roles an organization's staff can be invited to or given (founders join by registering or invitation). */
export const ORG_STAFF_ROLES = ['orgAdmin', 'programManager', 'mentor'] as const;
export type OrgStaffRole = (typeof ORG_STAFF_ROLES)[number];

export const ORG_ROLE_LABELS: Readonly<Record<OrgRole, string>> = {
  orgAdmin: 'Organization admin',
  programManager: 'Program manager',
  mentor: 'Mentor',
  founder: 'Founder',
};

export const ORG_ACTIONS = [
  /** Open the workspace (`/orgs/{slug}`): staff only. */
  'openWorkspace',
  /** Name, description, logo, colours. */
  'editSettings',
  /** Invite staff and founders, change roles, remove members. */
  'manageMembers',
  /** See the member list. */
  'viewMembers',
  /** Create, edit and archive programs (name, dates, template version, risk rules). */
  'managePrograms',
  /** See the programs and open their cohort dashboards. */
  'viewPrograms',
  /** Download a cohort's CSV (audited). */
  'exportCohort',
  /** Assign and unassign mentors to enrolled ventures. */
  'assignMentors',
  /** Edit the organization's task template and publish versions. */
  'manageTemplates',
  /** Read the organization's audit log and export it. */
  'viewAudit',
  /** "My ventures": the ventures assigned to the caller as a mentor. */
  'mentorVentures',
] as const;
export type OrgAction = (typeof ORG_ACTIONS)[number];

const ALLOWED: Readonly<Record<OrgRole, readonly OrgAction[]>> = {
  orgAdmin: ORG_ACTIONS.filter((action) => action !== 'mentorVentures'),
  programManager: ['openWorkspace', 'viewMembers', 'viewPrograms', 'exportCohort', 'assignMentors'],
  mentor: ['openWorkspace', 'mentorVentures'],
  founder: [],
};

export function isOrgRole(value: unknown): value is OrgRole {
  return typeof value === 'string' && (ORG_ROLES as readonly string[]).includes(value);
}

export function isOrgStaffRole(value: unknown): value is OrgStaffRole {
  return typeof value === 'string' && (ORG_STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * The role the caller acts with in an organization: their membership's role, or orgAdmin for a platform
 * administrator (whatever their membership), or null outside it.
 */
export function effectiveOrgRole(
  membershipRole: OrgRole | null | undefined,
  isPlatformAdmin: boolean,
): OrgRole | null {
  if (isPlatformAdmin) return 'orgAdmin';
  return membershipRole && isOrgRole(membershipRole) ? membershipRole : null;
}

/** Whether `role` may do `action` in its organization; no role (outside it) may do nothing. */
export function canInOrg(role: OrgRole | null | undefined, action: OrgAction): boolean {
  if (!role || !isOrgRole(role)) return false;
  return ALLOWED[role].includes(action);
}

/** Whether the caller sees the organization at all (staff; founders and outsiders get 404 on its workspace). */
export function isOrgStaff(role: OrgRole | null | undefined): boolean {
  return canInOrg(role, 'openWorkspace');
}

/** What the web shows for each organization action, computed once from the caller's role. */
export function orgPermissionsOf(role: OrgRole | null | undefined): Readonly<Record<OrgAction, boolean>> {
  return Object.fromEntries(ORG_ACTIONS.map((action) => [action, canInOrg(role, action)])) as Record<
    OrgAction,
    boolean
  >;
}

// ---- Program staff on a venture ------------------------------------------------------------------------------

/**
 * What an enrolled venture's founders let its program see (their choice, changeable at any time):
 * `full` the roadmap (tasks, statuses, dates, comments), `progress` the progress figures only.
 */
export const PROGRAM_VISIBILITIES = ['full', 'progress'] as const;
export type ProgramVisibility = (typeof PROGRAM_VISIBILITIES)[number];

export const PROGRAM_VISIBILITY_LABELS: Readonly<Record<ProgramVisibility, string>> = {
  full: 'Full roadmap',
  progress: 'Progress only',
};

/** How program staff reach a venture that is not theirs. */
export const STAFF_ACCESS_KINDS = ['programManager', 'mentor'] as const;
export type StaffAccessKind = (typeof STAFF_ACCESS_KINDS)[number];

export const STAFF_VENTURE_ACTIONS = ['view', 'viewTasks', 'comment', 'verify'] as const;
export type StaffVentureAction = (typeof STAFF_VENTURE_ACTIONS)[number];

/**
 * The access program staff have to an enrolled venture, or null when they have none (then the venture is
 * 404 to them). An orgAdmin or programManager of the program's organization reads every enrolled venture; a
 * mentor only those assigned to them, and may comment and verify. `progress` visibility hides the tasks
 * (and so comments and verification) from all staff.
 */
export function staffVentureAccess(input: {
  orgRole: OrgRole | null | undefined;
  /** The caller is one of the venture's assigned mentors in this program. */
  assignedMentor: boolean;
  visibility: ProgramVisibility;
}): { kind: StaffAccessKind; actions: ReadonlySet<StaffVentureAction> } | null {
  const tasks = input.visibility === 'full';
  if (input.assignedMentor) {
    const actions: StaffVentureAction[] = tasks ? ['view', 'viewTasks', 'comment', 'verify'] : ['view'];
    return { kind: 'mentor', actions: new Set(actions) };
  }
  if (input.orgRole === 'orgAdmin' || input.orgRole === 'programManager') {
    const actions: StaffVentureAction[] = tasks ? ['view', 'viewTasks'] : ['view'];
    return { kind: 'programManager', actions: new Set(actions) };
  }
  return null;
}
