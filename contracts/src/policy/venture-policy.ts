/*
 * Who may do what on a venture (issue 16): the one policy the venture service decides with and the web app
 * shows and hides its controls by. The server always decides; the web only mirrors it.
 *
 * Zod-free and dependency-free on purpose: the web bundle imports it on every roadmap page.
 *
 *   owner   everything: the venture itself (rename, delete), its members and invitations, and all below
 *   editor  task statuses, assignees, dates, comments, and all below
 *   viewer  read the roadmap and its history, comment
 *
 * Outside the members a venture does not exist (404); a member whose role is too low gets 403.
 */

export const VENTURE_ROLES = ['owner', 'editor', 'viewer'] as const;
export type VentureRole = (typeof VENTURE_ROLES)[number];

/** How each role is named on screen. */
export const VENTURE_ROLE_LABELS: Readonly<Record<VentureRole, string>> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

export const VENTURE_ACTIONS = [
  /** Open the venture, its tasks, members, comments and activity. */
  'view',
  /** Write comments (editing and deleting one is its author's alone: `canModifyComment`). */
  'comment',
  /** Move a task along the status rule. */
  'changeStatus',
  /** Set or clear a task's assignee. */
  'assign',
  /** Set a task's dates (once dates exist). */
  'setDates',
  /** Invite (and resend, revoke invitations), change roles, remove members. */
  'manageMembers',
  /** Rename or redescribe the venture. */
  'editVenture',
  'deleteVenture',
] as const;
export type VentureAction = (typeof VENTURE_ACTIONS)[number];

/** Higher is more. */
const RANK: Readonly<Record<VentureRole, number>> = { viewer: 1, editor: 2, owner: 3 };

/** The least role that may do each action. */
export const MINIMUM_ROLE: Readonly<Record<VentureAction, VentureRole>> = {
  view: 'viewer',
  comment: 'viewer',
  changeStatus: 'editor',
  assign: 'editor',
  setDates: 'editor',
  manageMembers: 'owner',
  editVenture: 'owner',
  deleteVenture: 'owner',
};

export function isVentureRole(value: unknown): value is VentureRole {
  return typeof value === 'string' && (VENTURE_ROLES as readonly string[]).includes(value);
}

/** Whether a member with `role` may do `action`; no role (not a member) may do nothing. */
export function can(role: VentureRole | null | undefined, action: VentureAction): boolean {
  if (!role || !isVentureRole(role)) return false;
  return RANK[role] >= RANK[MINIMUM_ROLE[action]];
}

/** Whether `role` is at least `minimum`. */
export function hasRoleAtLeast(role: VentureRole | null | undefined, minimum: VentureRole): boolean {
  return !!role && isVentureRole(role) && RANK[role] >= RANK[minimum];
}

/** Only members who can work on tasks (editors and owners) can be a task's assignee. */
export function canBeAssigned(role: VentureRole | null | undefined): boolean {
  return can(role, 'changeStatus');
}

/** A comment is edited and deleted by its author only, and only while they are still a member. */
export function canModifyComment(
  role: VentureRole | null | undefined,
  callerId: string,
  authorId: string,
): boolean {
  return can(role, 'view') && callerId === authorId;
}

/**
 * Whether a member may leave (or be removed, or lose the owner role): everyone but the last owner, so a
 * venture always keeps at least one owner.
 */
export function canStopBeingOwner(memberRole: VentureRole, ownerCount: number): boolean {
  return memberRole !== 'owner' || ownerCount > 1;
}

/** What the web shows for each action, computed once per venture from the caller's role. */
export function permissionsOf(
  role: VentureRole | null | undefined,
): Readonly<Record<VentureAction, boolean>> {
  return Object.fromEntries(VENTURE_ACTIONS.map((action) => [action, can(role, action)])) as Record<
    VentureAction,
    boolean
  >;
}
