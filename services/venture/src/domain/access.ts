import { AppError } from '@app/common';
import { can, type VentureAction } from '@app/contracts';
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
  /** The caller's membership. */
  member: MemberRecord;
}

/** The venture if `userId` may do `action` on it: 404 for a non-member, 403 for too low a role. */
export async function ventureFor(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
  action: VentureAction,
): Promise<VentureAccess> {
  const venture = ctx.ventures.isValidId(ventureId)
    ? await ctx.ventures.findForMember(ventureId, userId)
    : null;
  const member = venture ? memberOf(venture, userId) : undefined;
  if (!venture || !member) throw ventureErrors.ventureNotFound();
  authorize(member, action);
  return { venture, member };
}

/** The task and its venture if `userId` may do `action` on it: 404 (`TASK.NOT_FOUND`) for a non-member. */
export async function taskFor(
  ctx: VentureContext,
  userId: string,
  taskId: string,
  action: VentureAction,
): Promise<VentureAccess & { task: VentureTaskRecord }> {
  const venture = ctx.ventures.isValidId(taskId)
    ? await ctx.ventures.findForMemberByTask(taskId, userId)
    : null;
  const member = venture ? memberOf(venture, userId) : undefined;
  const task = venture?.tasks.find((t) => t.id === taskId);
  if (!venture || !member || !task) throw ventureErrors.taskNotFound();
  authorize(member, action);
  return { venture, member, task };
}
