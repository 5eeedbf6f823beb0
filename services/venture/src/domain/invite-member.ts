import { AppError } from '@app/common';
import { invitationLink, type Invitation, type VentureRole } from '@app/contracts';
import { forbidden, ventureFor } from './access.ts';
import {
  hashInvitationToken,
  invitationExpiry,
  MAX_PENDING_INVITATIONS,
  newInvitationToken,
} from './invitation-token.ts';
import {
  memberOf,
  toEventPerson,
  toInvitationView,
  ventureErrors,
  ventureEvent,
  type Caller,
  type InvitationRecord,
  type VentureContext,
  type VentureRecord,
} from './venture.ts';

export const invitationErrors = {
  alreadyMember: (email: string) =>
    AppError.conflict(`${email} is already a member of this venture.`, 'INVITATION.ALREADY_MEMBER'),
  alreadyPending: (email: string) =>
    AppError.conflict(
      `An invitation to ${email} is already pending. Resend it instead.`,
      'INVITATION.ALREADY_PENDING',
    ),
  demoInviter: () => AppError.forbidden('The demo account cannot invite anyone.', 'INVITATION.DEMO_ACCOUNT'),
  demoInvitee: () => AppError.forbidden('The demo account cannot be invited.', 'INVITATION.DEMO_ACCOUNT'),
  tooMany: () =>
    AppError.conflict(
      `A venture can have at most ${MAX_PENDING_INVITATIONS} pending invitations. Revoke some first.`,
      'INVITATION.TOO_MANY',
    ),
};

function isPending(invitation: InvitationRecord, now: Date): boolean {
  return invitation.expiresAt.getTime() > now.getTime();
}

/** Why an invitation to `email` cannot be added to `venture`, if it cannot. */
function refusal(venture: VentureRecord, email: string, now: Date): AppError | null {
  if (venture.members.some((m) => m.email.toLowerCase() === email))
    return invitationErrors.alreadyMember(email);
  if (venture.invitations.some((i) => i.email === email && isPending(i, now))) {
    return invitationErrors.alreadyPending(email);
  }
  if (venture.invitations.filter((i) => isPending(i, now)).length >= MAX_PENDING_INVITATIONS) {
    return invitationErrors.tooMany();
  }
  return null;
}

/**
 * An owner invites an address with a role: a pending invitation (its token stored only hashed) and
 * `venture.member_invited` carrying the sealed accept link, in one write. 409 when the address is a
 * member's or already invited; the demo account neither invites nor is invited (403).
 */
export async function inviteMember(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  ventureId: string,
  input: { email: string; role: VentureRole },
): Promise<Invitation> {
  const { venture, member: inviter } = await ventureFor(ctx, userId, ventureId, 'manageMembers');
  const demo = ctx.invitations.demoUsername.toLowerCase();
  if (inviter.email.toLowerCase() === demo) throw invitationErrors.demoInviter();
  if (input.email === demo) throw invitationErrors.demoInvitee();
  const now = ctx.clock();
  const refused = refusal(venture, input.email, now);
  if (refused) throw refused;
  if (venture.invitations.some((i) => !isPending(i, now))) {
    await ctx.ventures.dropExpiredInvitations(ventureId, now);
  }

  const token = newInvitationToken();
  const invitation: InvitationRecord = {
    id: ctx.ventures.newId(),
    email: input.email,
    role: input.role,
    tokenHash: hashInvitationToken(token),
    invitedBy: { userId, displayName: inviter.displayName },
    sentAt: now,
    expiresAt: invitationExpiry(now),
  };
  const added = await ctx.ventures.addInvitation(
    { ventureId, actorId: userId, invitation, maxPending: MAX_PENDING_INVITATIONS },
    [
      ventureEvent(ctx, caller, 'venture.member_invited', {
        invitationId: invitation.id,
        ventureId,
        ventureName: venture.name,
        inviter: toEventPerson(inviter),
        inviteeEmail: invitation.email,
        role: invitation.role,
        sealedAcceptUrl: ctx.invitations.seal(invitationLink(ctx.invitations.publicUrl, token)),
        expiresAt: invitation.expiresAt.toISOString(),
        resend: false,
      }),
    ],
  );
  if (!added) {
    const fresh = await ctx.ventures.findForMember(ventureId, userId);
    if (!fresh) throw ventureErrors.ventureNotFound();
    if (memberOf(fresh, userId)?.role !== 'owner') throw forbidden('manageMembers');
    throw refusal(fresh, input.email, now) ?? invitationErrors.alreadyPending(input.email);
  }
  return toInvitationView(ventureId, invitation);
}
