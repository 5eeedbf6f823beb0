import { AppError } from '@app/common';
import { can, type StaffVentureAction, type VentureAction } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { staffAccessTo, type StaffAccess } from './staff-access.ts';
import {
  memberOf,
  ventureErrors,
  type MemberRecord,
  type VentureContext,
  type VentureRecord,
  type VentureTaskRecord,
} from './venture.ts';

/*
 * Every venture, task and comment call starts here: a non-member gets 404 exactly as for an unknown or
 * malformed id (a venture outside one's scope does not exist), a member whose role is too low for the
 * action gets 403 `VENTURE.FORBIDDEN` (the venture policy of @app/contracts decides), and nothing changes.
 */

const REFUSALS: Readonly<Record<VentureAction, string>> = {
  view: 'You cannot open this venture.',
  comment: 'Your role on this venture does not allow commenting.',
  changeStatus: 'Your role on this venture does not allow changing task statuses.',
  assign: 'Your role on this venture does not allow assigning tasks.',
  setDates: 'Your role on this venture does not allow setting dates.',
  manageMembers: 'Only an owner of this venture can manage its members and invitations.',
  editVenture: 'Only an owner of this venture can edit it.',
  deleteVenture: 'Only an owner of this venture can delete it.',
};

export function forbidden(action: VentureAction): AppError {
  return AppError.forbidden(REFUSALS[action], 'VENTURE.FORBIDDEN');
}

/** Throws 403 unless `member` may do `action`. */
export function authorize(member: MemberRecord, action: VentureAction): void {
  if (!can(member.role, action)) throw forbidden(action);
}

export interface VentureAccess {
  venture: VentureRecord;
  /** The caller's membership (for program staff: they as a viewer, by their organization profile). */
  member: MemberRecord;
  /** Issue 18: set when the caller reaches the venture as program staff, not as a member. */
  staff: StaffAccess | null;
}

/**
 * Issue 18: which use cases program staff may reach, and with which of their actions. A use case opts in
 * (`staff: true`); every other one stays members-only, so staff get 404 there exactly as outsiders do.
 */
const STAFF_ACTION: Partial<Record<VentureAction, StaffVentureAction>> = { view: 'view', comment: 'comment' };

export interface AccessOptions {
  /** Program staff may use this call (with the staff action matching `action`). */
  staff?: boolean;
  correlationId?: string;
}

/** Throws unless the staff access allows `action`: 404 when the tasks are hidden from them, else 403. */
function authorizeStaff(
  staff: StaffAccess,
  action: VentureAction,
  onTask: boolean,
  notFound: () => AppError,
) {
  if (onTask && !staff.actions.has('viewTasks')) throw notFound();
  const needed = STAFF_ACTION[action];
  if (!needed || !staff.actions.has(needed)) throw forbidden(action);
}

/**
 * The venture if `userId` may do `action` on it: 404 for a non-member (and for program staff unless the use
 * case lets them in and the policy gives them access), 403 for too low a role.
 */
export async function ventureFor(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
  action: VentureAction,
  options: AccessOptions = {},
): Promise<VentureAccess> {
  if (!ctx.ventures.isValidId(ventureId)) throw ventureErrors.ventureNotFound();
  const venture = await ctx.ventures.findForMember(ventureId, userId);
  const member = venture ? memberOf(venture, userId) : undefined;
  if (venture && member) {
    authorize(member, action);
    return { venture, member, staff: null };
  }
  if (options.staff) {
    const staff = await staffAccessTo(ctx, options.correlationId ?? randomUUID(), userId, ventureId);
    const live = staff ? await ctx.ventures.findLive(ventureId) : null;
    if (staff && live) {
      authorizeStaff(staff, action, false, ventureErrors.ventureNotFound);
      return { venture: live, member: staff.asMember, staff };
    }
  }
  throw ventureErrors.ventureNotFound();
}

/** The task and its venture if `userId` may do `action` on it: 404 (`TASK.NOT_FOUND`) for a non-member. */
export async function taskFor(
  ctx: VentureContext,
  userId: string,
  taskId: string,
  action: VentureAction,
  options: AccessOptions = {},
): Promise<VentureAccess & { task: VentureTaskRecord }> {
  if (!ctx.ventures.isValidId(taskId)) throw ventureErrors.taskNotFound();
  const venture = await ctx.ventures.findForMemberByTask(taskId, userId);
  const member = venture ? memberOf(venture, userId) : undefined;
  const task = venture?.tasks.find((t) => t.id === taskId);
  if (venture && member && task) {
    authorize(member, action);
    return { venture, member, task, staff: null };
  }
  if (options.staff) {
    const live = await ctx.ventures.findLiveByTask(taskId);
    const staff = live
      ? await staffAccessTo(ctx, options.correlationId ?? randomUUID(), userId, live.id)
      : null;
    const liveTask = live?.tasks.find((t) => t.id === taskId);
    if (live && staff && liveTask) {
      authorizeStaff(staff, action, true, ventureErrors.taskNotFound);
      return { venture: live, member: staff.asMember, task: liveTask, staff };
    }
  }
  throw ventureErrors.taskNotFound();
}
