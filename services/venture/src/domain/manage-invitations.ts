import { invitationLink, type Invitation } from '@app/contracts';
import { ventureFor } from './access.ts';
import { hashInvitationToken, invitationExpiry, newInvitationToken } from './invitation-token.ts';
import {
  toEventPerson,
  toInvitationView,
  ventureErrors,
  ventureEvent,
  type Caller,
  type VentureContext,
} from './venture.ts';

/** Owners: the venture's pending invitations (unexpired), newest first. */
export async function listInvitations(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
): Promise<Invitation[]> {
  const { venture } = await ventureFor(ctx, userId, ventureId, 'manageMembers');
  const now = ctx.clock().getTime();
  return venture.invitations
    .filter((invitation) => invitation.expiresAt.getTime() > now)
    .sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime())
    .map((invitation) => toInvitationView(ventureId, invitation));
}

/**
 * Owners: sends an invitation again with a new token (the old link stops working at once) and seven more
 * days, even if it had expired; `venture.member_invited` with `resend: true`.
 */
export async function resendInvitation(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  ventureId: string,
  invitationId: string,
): Promise<Invitation> {
  const { venture, member: inviter } = await ventureFor(ctx, userId, ventureId, 'manageMembers');
  const invitation = venture.invitations.find((i) => i.id === invitationId);
  if (!invitation) throw ventureErrors.invitationNotFound();
  const token = newInvitationToken();
  const sentAt = ctx.clock();
  const renewed = {
    ...invitation,
    tokenHash: hashInvitationToken(token),
    sentAt,
    expiresAt: invitationExpiry(sentAt),
  };
  const done = await ctx.ventures.renewInvitation(
    {
      ventureId,
      actorId: userId,
      invitationId,
      tokenHash: renewed.tokenHash,
      sentAt,
      expiresAt: renewed.expiresAt,
    },
    [
      ventureEvent(ctx, caller, 'venture.member_invited', {
        invitationId,
        ventureId,
        ventureName: venture.name,
        inviter: toEventPerson(inviter),
        inviteeEmail: invitation.email,
        role: invitation.role,
        sealedAcceptUrl: ctx.invitations.seal(invitationLink(ctx.invitations.publicUrl, token)),
        expiresAt: renewed.expiresAt.toISOString(),
        resend: true,
      }),
    ],
  );
  if (!done) throw ventureErrors.invitationNotFound();
  return toInvitationView(ventureId, renewed);
}

/** Owners: the invitation's link stops working. */
export async function revokeInvitation(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
  invitationId: string,
): Promise<void> {
  await ventureFor(ctx, userId, ventureId, 'manageMembers');
  const removed = await ctx.ventures.removeInvitation({ ventureId, actorId: userId, invitationId });
  if (!removed) throw ventureErrors.invitationNotFound();
}
