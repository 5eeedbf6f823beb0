import { AppError } from '@app/common';
import type { InvitationAccepted, InvitationPreview } from '@app/contracts';
import { hashInvitationToken } from './invitation-token.ts';
import { invitationErrors } from './invite-member.ts';
import {
  memberOf,
  toEventMember,
  ventureErrors,
  ventureEvent,
  type Caller,
  type InvitationRecord,
  type MemberRecord,
  type UserProfile,
  type VentureContext,
  type VentureRecord,
} from './venture.ts';

export const EMAIL_MISMATCH = (invited: string, signedIn: string) =>
  AppError.conflict(
    `This invitation was sent to ${invited}, but you are signed in as ${signedIn}. Sign in with ${invited}, or accept with this account.`,
    'INVITATION.EMAIL_MISMATCH',
  );

/** The live, unexpired invitation the token belongs to, and its venture; 404 `INVITATION.INVALID` else. */
async function invitationOf(
  ctx: VentureContext,
  token: string,
): Promise<{ venture: VentureRecord; invitation: InvitationRecord; tokenHash: string }> {
  const tokenHash = hashInvitationToken(token);
  const venture = await ctx.ventures.findByInvitationTokenHash(tokenHash);
  const invitation = venture?.invitations.find((i) => i.tokenHash === tokenHash);
  if (!venture || !invitation || invitation.expiresAt.getTime() <= ctx.clock().getTime()) {
    throw ventureErrors.invitationInvalid();
  }
  return { venture, invitation, tokenHash };
}

/** What the invitation page shows, to anyone holding the link (signed in or not). */
export async function previewInvitation(
  ctx: VentureContext,
  caller: Caller,
  userId: string | null,
  token: string,
): Promise<InvitationPreview> {
  const { venture, invitation } = await invitationOf(ctx, token);
  let profile: UserProfile | null = null;
  let known = true;
  if (userId) {
    try {
      profile = await ctx.owners.profileOf(userId, caller);
    } catch (error) {
      // The page still shows the invitation while auth cannot say who is signed in; accepting asks again.
      if (!(error instanceof AppError) || error.status < 500) throw error;
      known = false;
    }
  }
  const email = profile?.email.toLowerCase() ?? null;
  return {
    ventureName: venture.name,
    inviterName: invitation.invitedBy.displayName,
    role: invitation.role,
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
    viewer: {
      signedIn: profile !== null || (userId !== null && !known),
      email,
      emailMatches: email === null ? null : email === invitation.email,
      alreadyMember: profile !== null && memberOf(venture, profile.userId) !== undefined,
    },
  };
}

/**
 * The signed-in user accepts: they become a member with the invitation's role and the invitation is used
 * up, in one write with `venture.member_joined` (the owners are told). Sent to another address: 409
 * unless `acceptAsDifferentEmail` (an explicit choice). Already a member: the invitation is used up and
 * nothing else changes.
 */
export async function acceptInvitation(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  input: { token: string; acceptAsDifferentEmail?: boolean | undefined },
): Promise<InvitationAccepted> {
  const { venture, invitation, tokenHash } = await invitationOf(ctx, input.token);
  const profile = await ctx.owners.profileOf(userId, caller);
  if (profile === null) throw ventureErrors.ownerUnknown();
  const email = profile.email.toLowerCase();
  if (email === ctx.invitations.demoUsername.toLowerCase()) throw invitationErrors.demoInvitee();
  if (email !== invitation.email && input.acceptAsDifferentEmail !== true) {
    throw EMAIL_MISMATCH(invitation.email, email);
  }

  const now = ctx.clock();
  const existing = memberOf(venture, userId);
  const member: MemberRecord | null = existing
    ? null
    : { userId, email, displayName: profile.displayName, role: invitation.role, joinedAt: now };
  const events = member
    ? [
        ventureEvent(ctx, caller, 'venture.member_joined', {
          ventureId: venture.id,
          ventureName: venture.name,
          invitationId: invitation.id,
          member: toEventMember(member),
          notify: venture.members.filter((m) => m.role === 'owner').map(toEventMember),
        }),
      ]
    : [];
  const accepted = await ctx.ventures.acceptInvitation(
    { ventureId: venture.id, invitationId: invitation.id, tokenHash, now, member },
    events,
  );
  if (!accepted) {
    // Used, revoked or resent meanwhile, or the user joined through another invitation at the same time.
    const now2 = await ctx.ventures.findForMember(venture.id, userId);
    const joined = now2 ? memberOf(now2, userId) : undefined;
    if (joined) return { ventureId: venture.id, role: joined.role, alreadyMember: true };
    throw ventureErrors.invitationInvalid();
  }
  return existing
    ? { ventureId: venture.id, role: existing.role, alreadyMember: true }
    : { ventureId: venture.id, role: invitation.role, alreadyMember: false };
}
