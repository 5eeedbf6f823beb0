import { canStopBeingOwner } from '@app/contracts';
import { forbidden, ventureFor } from './access.ts';
import {
  memberOf,
  toEventMember,
  toEventPerson,
  ventureErrors,
  ventureEvent,
  type Caller,
  type VentureContext,
} from './venture.ts';

export const LAST_OWNER_LEAVING =
  'A venture needs at least one owner: make another member an owner before leaving, or delete the venture.';
export const LAST_OWNER_REMOVAL = 'A venture needs at least one owner: the last owner cannot be removed.';

/**
 * An owner removes a member, or any member leaves (removes themselves). The last owner can do neither (409,
 * nothing changes). Their tasks become unassigned. `venture.member_removed` (`left` when they left).
 */
export async function removeMember(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  ventureId: string,
  memberId: string,
): Promise<void> {
  const leaving = userId === memberId;
  const { venture, member: actor } = await ventureFor(
    ctx,
    userId,
    ventureId,
    leaving ? 'view' : 'manageMembers',
  );
  const target = memberOf(venture, memberId);
  if (!target) throw ventureErrors.memberNotFound();
  const owners = venture.members.filter((m) => m.role === 'owner').length;
  if (!canStopBeingOwner(target.role, owners)) {
    throw ventureErrors.lastOwner(leaving ? LAST_OWNER_LEAVING : LAST_OWNER_REMOVAL);
  }

  const removed = await ctx.ventures.removeMember(
    { ventureId, actorId: userId, memberId, role: target.role },
    [
      ventureEvent(ctx, caller, 'venture.member_removed', {
        ventureId,
        ventureName: venture.name,
        member: toEventMember(target),
        actor: toEventPerson(actor),
        left: leaving,
      }),
    ],
  );
  if (!removed) {
    const now = await ctx.ventures.findForMember(ventureId, userId);
    if (!now) throw ventureErrors.ventureNotFound();
    if (!leaving && memberOf(now, userId)?.role !== 'owner') throw forbidden('manageMembers');
    if (!memberOf(now, memberId)) throw ventureErrors.memberNotFound();
    throw ventureErrors.lastOwner(leaving ? LAST_OWNER_LEAVING : LAST_OWNER_REMOVAL);
  }
}
