import { AppError } from '@app/common';
import {
  isOrgStaff,
  workspacePagePath,
  type OrgInvitationPreview,
  type RouteAnswer,
  type workspaceApi,
} from '@app/contracts';
import { hashInvitationToken } from './invitation-token.ts';
import {
  organizationEvent,
  type Caller,
  type OrganizationContext,
  type OrganizationRecord,
  type OrgInvitationRecord,
  type OrgMemberRecord,
  type OutboxEvent,
  type UserProfile,
} from './organization.ts';
import {
  changeOrganization,
  memberChangedData,
  memberOf,
  profileOrUnauthorized,
  toEventPerson,
  workspaceErrors,
} from './workspace.ts';

type Accepted = RouteAnswer<typeof workspaceApi.acceptInvitation>;

export const emailMismatch = (invited: string, signedIn: string) =>
  AppError.conflict(
    `This invitation was sent to ${invited}, but you are signed in as ${signedIn}. Sign in with ${invited} to accept it.`,
    'INVITATION.EMAIL_MISMATCH',
  );

/** The live invitation a token belongs to, in `org`; null when used, revoked, resent or expired. */
function invitationIn(
  org: OrganizationRecord | null,
  tokenHash: string,
  now: Date,
): OrgInvitationRecord | null {
  const invitation = org?.invitations.find((i) => i.tokenHash === tokenHash);
  return invitation && invitation.expiresAt.getTime() > now.getTime() ? invitation : null;
}

/** What the invitation page shows, to anyone holding the link (signed in or not). */
export async function previewInvitation(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string | null,
  token: string,
): Promise<OrgInvitationPreview> {
  const tokenHash = hashInvitationToken(token);
  const org = await ctx.organizations.findByInvitationTokenHash(tokenHash);
  const invitation = invitationIn(org, tokenHash, ctx.clock());
  if (!org || !invitation) throw workspaceErrors.invitationInvalid();
  let profile: UserProfile | null = null;
  if (userId) {
    try {
      profile = await ctx.members.profileOf(userId, caller.correlationId);
    } catch (error) {
      // The page still shows the invitation while auth cannot say who is signed in; accepting asks again.
      if (!(error instanceof AppError) || error.status < 500) throw error;
    }
  }
  const email = profile?.email.toLowerCase() ?? null;
  return {
    organizationName: org.name,
    organizationSlug: org.slug,
    inviterName: invitation.invitedBy.displayName,
    role: invitation.role,
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
    viewer: {
      signedIn: userId !== null,
      email,
      emailMatches: email === null ? null : email === invitation.email,
    },
  };
}

/**
 * The signed-in invitee accepts: they become a member with the invitation's role (a founder is enrolled in
 * its program) and the link is used up, in one write with `organization.member_changed` (and
 * `program.founder_enrolled`). The link is for its address only: signed in as another → 409
 * `INVITATION.EMAIL_MISMATCH`. Already a member: the link is used up and their role stays.
 */
export async function acceptInvitation(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  token: string,
): Promise<Accepted> {
  const tokenHash = hashInvitationToken(token);
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  const email = profile.email.toLowerCase();
  return changeOrganization(
    ctx,
    async () => {
      const org = await ctx.organizations.findByInvitationTokenHash(tokenHash);
      if (!org) throw workspaceErrors.invitationInvalid();
      return org;
    },
    (org) => {
      const now = ctx.clock();
      const invitation = invitationIn(org, tokenHash, now);
      if (!invitation) throw workspaceErrors.invitationInvalid();
      if (email !== invitation.email) throw emailMismatch(invitation.email, email);
      const invitations = org.invitations.filter((i) => i.id !== invitation.id);
      const existing = memberOf(org, userId);
      const role = existing?.role ?? invitation.role;
      const result: Accepted = {
        organizationSlug: org.slug,
        role,
        next: isOrgStaff(role) ? workspacePagePath(org.slug) : '/',
      };
      if (existing) return { changes: { invitations }, events: [], result };
      const member: OrgMemberRecord = {
        userId,
        email,
        displayName: profile.displayName,
        role: invitation.role,
        joinedAt: now,
      };
      const events: OutboxEvent[] = [
        organizationEvent(
          ctx,
          caller,
          'organization.member_changed',
          memberChangedData(org.id, member, member.role, null),
        ),
      ];
      const program = invitation.programId
        ? org.programs.find((p) => p.id === invitation.programId && !p.archived)
        : undefined;
      if (program) {
        events.push(
          organizationEvent(ctx, caller, 'program.founder_enrolled', {
            programId: program.id,
            organizationId: org.id,
            founder: toEventPerson(member),
          }),
        );
      }
      return { changes: { invitations, members: [...org.members, member] }, events, result };
    },
  );
}
