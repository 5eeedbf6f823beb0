import type { OrgInvitation } from '@app/contracts';
import type { Caller, OrganizationContext } from './organization.ts';
import { sendInvitation } from './invite-member.ts';
import {
  actorIn,
  actorOf,
  auditEntry,
  changeOrganization,
  isPending,
  profileOrUnauthorized,
  toInvitationView,
  workspaceErrors,
  workspaceFor,
} from './workspace.ts';

/** Org admins: the pending invitations (unexpired), newest first. */
export async function listInvitations(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
): Promise<OrgInvitation[]> {
  const { org } = await workspaceFor(ctx, caller, userId, slug, 'manageMembers');
  const now = ctx.clock();
  return org.invitations
    .filter((invitation) => isPending(invitation, now))
    .sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime())
    .map(toInvitationView);
}

/**
 * Org admins: sends an invitation again with a new link (the old one stops working at once) and seven more
 * days, even if it had expired; `organization.member_invited` with `resend: true`. Counts against the limit.
 */
export async function resendInvitation(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  invitationId: string,
): Promise<OrgInvitation> {
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  return changeOrganization(
    ctx,
    () => ctx.organizations.findBySlug(slug),
    (org) => {
      const actor = actorIn(org, profile, 'manageMembers');
      const invitation = org.invitations.find((i) => i.id === invitationId);
      if (!invitation) throw workspaceErrors.invitationNotFound();
      return sendInvitation(ctx, caller, org, actor, invitation, true);
    },
  );
}

/** Org admins: the invitation's link stops working (audited as `invitation.revoked`). */
export async function revokeInvitation(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  invitationId: string,
): Promise<void> {
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  await changeOrganization(
    ctx,
    () => ctx.organizations.findBySlug(slug),
    (org) => {
      const actor = actorIn(org, profile, 'manageMembers');
      const invitation = org.invitations.find((i) => i.id === invitationId);
      if (!invitation) throw workspaceErrors.invitationNotFound();
      return {
        changes: { invitations: org.invitations.filter((i) => i.id !== invitationId) },
        events: [],
        audit: [
          auditEntry(ctx, actorOf(actor), 'invitation.revoked', invitation.email, { role: invitation.role }),
        ],
        result: undefined,
      };
    },
  );
}
