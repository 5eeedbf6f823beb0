import { canStopBeingOwner, type VentureMember, type VentureRole } from '@app/contracts';
import { forbidden, ventureFor } from './access.ts';
import {
  memberOf,
  toEventMember,
  toEventPerson,
  toMemberView,
  ventureErrors,
  ventureEvent,
  type Caller,
  type VentureContext,
} from './venture.ts';

export const LAST_OWNER_DEMOTION =
  'A venture needs at least one owner: make another member an owner before changing this role.';

/**
 * An owner changes a member's role (their own too, unless they are the last owner: 409, nothing changes).
 * A member made viewer loses their task assignments. `venture.member_role_changed` tells the member.
 */
export async function changeMemberRole(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  ventureId: string,
  memberId: string,
  to: VentureRole,
): Promise<VentureMember> {
  const { venture, member: actor } = await ventureFor(ctx, userId, ventureId, 'manageMembers');
  const target = memberOf(venture, memberId);
  if (!target) throw ventureErrors.memberNotFound();
  if (target.role === to) return toMemberView(target);
  const owners = venture.members.filter((m) => m.role === 'owner').length;
  if (!canStopBeingOwner(target.role, owners)) throw ventureErrors.lastOwner(LAST_OWNER_DEMOTION);

  const changed = await ctx.ventures.changeMemberRole(
    { ventureId, actorId: userId, memberId, from: target.role, to },
    [
      ventureEvent(ctx, caller, 'venture.member_role_changed', {
        ventureId,
        ventureName: venture.name,
        member: toEventMember({ ...target, role: to }),
        fromRole: target.role,
        toRole: to,
        actor: toEventPerson(actor),
      }),
    ],
  );
  if (!changed) {
    // Something changed meanwhile: answer as if the call came after it.
    const now = await ctx.ventures.findForMember(ventureId, userId);
    if (!now) throw ventureErrors.ventureNotFound();
    if (memberOf(now, userId)?.role !== 'owner') throw forbidden('manageMembers');
    const again = memberOf(now, memberId);
    if (!again) throw ventureErrors.memberNotFound();
    if (again.role === to) return toMemberView(again);
    throw ventureErrors.lastOwner(LAST_OWNER_DEMOTION);
  }
  return toMemberView({ ...target, role: to });
}
