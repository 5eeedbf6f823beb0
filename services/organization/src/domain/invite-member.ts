import { AppError } from '@app/common';
import type { OrgInvitation, OrgRole } from '@app/contracts';
import {
  hashInvitationToken,
  invitationExpiry,
  invitationWindow,
  newInvitationToken,
  orgInvitationLink,
} from './invitation-token.ts';
import {
  organizationEvent,
  type Caller,
  type OrganizationContext,
  type OrganizationRecord,
  type OrgInvitationRecord,
} from './organization.ts';
import {
  actorIn,
  actorOf,
  auditEntry,
  changeOrganization,
  isPending,
  profileOrUnauthorized,
  toEventPerson,
  toInvitationView,
  workspaceErrors,
  type Actor,
  type Decision,
} from './workspace.ts';

export const inviteErrors = {
  programRequired: () =>
    AppError.badRequest('A founder invitation needs the program to enrol them in', [
      { path: ['programId'], message: 'A founder invitation needs the program to enrol them in' },
    ]),
  programForStaff: () =>
    AppError.badRequest('Only founder invitations enrol in a program', [
      { path: ['programId'], message: 'Only founder invitations enrol in a program' },
    ]),
};

/**
 * The write that sends an invitation e-mail (new or again): a fresh token (any earlier link dies), seven
 * more days, one more send counted against the organization's hourly limit (429 beyond it), and
 * `organization.member_invited` carrying the sealed link, in one write with the audit entry.
 */
export function sendInvitation(
  ctx: OrganizationContext,
  caller: Caller,
  org: OrganizationRecord,
  actor: Actor,
  base: Pick<OrgInvitationRecord, 'id' | 'email' | 'role' | 'programId'>,
  resend: boolean,
): Decision<OrgInvitation> {
  const now = ctx.clock();
  const window = invitationWindow(org.invitationSends, now);
  if (!window.allowed) throw workspaceErrors.rateLimited(window.retryAfterSeconds);
  const token = newInvitationToken();
  const invitation: OrgInvitationRecord = {
    ...base,
    tokenHash: hashInvitationToken(token),
    invitedBy: actorOf(actor),
    sentAt: now,
    expiresAt: invitationExpiry(now),
  };
  const program = base.programId ? org.programs.find((p) => p.id === base.programId) : undefined;
  return {
    changes: {
      // Expired invitations leave the list when another is written.
      invitations: [...org.invitations.filter((i) => i.id !== base.id && isPending(i, now)), invitation],
      invitationSends: [...window.recent, now],
    },
    events: [
      organizationEvent(ctx, caller, 'organization.member_invited', {
        invitationId: invitation.id,
        organizationId: org.id,
        organizationName: org.name,
        inviter: toEventPerson(actor.profile),
        inviteeEmail: invitation.email,
        role: invitation.role,
        programName: program?.name ?? null,
        sealedAcceptUrl: ctx.invitations.seal(orgInvitationLink(ctx.invitations.publicUrl, token)),
        expiresAt: invitation.expiresAt.toISOString(),
        resend,
      }),
    ],
    audit: [
      auditEntry(ctx, actorOf(actor), 'member.invited', invitation.email, {
        role: invitation.role,
        ...(program ? { program: program.name } : {}),
        ...(resend ? { resent: true } : {}),
      }),
    ],
    result: toInvitationView(invitation),
  };
}

/**
 * An org admin invites an address with a role. A member's address → 409 `ORGANIZATION.ALREADY_MEMBER`;
 * an address with a pending invitation → that invitation is sent again (a new link). A founder invitation
 * names an open (not archived) program; staff invitations name none.
 */
export async function inviteMember(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  input: { email: string; role: OrgRole; programId?: string | null | undefined },
): Promise<OrgInvitation> {
  const programId = input.programId ?? null;
  if (input.role === 'founder' && !programId) throw inviteErrors.programRequired();
  if (input.role !== 'founder' && programId) throw inviteErrors.programForStaff();
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  return changeOrganization(
    ctx,
    () => ctx.organizations.findBySlug(slug),
    (org) => {
      const actor = actorIn(org, profile, 'manageMembers');
      if (org.members.some((m) => m.email.toLowerCase() === input.email)) {
        throw workspaceErrors.alreadyMember(input.email);
      }
      if (programId && !org.programs.some((p) => p.id === programId && !p.archived)) {
        throw workspaceErrors.programNotFound();
      }
      const now = ctx.clock();
      const pending = org.invitations.find((i) => i.email === input.email && isPending(i, now));
      const base = pending
        ? { id: pending.id, email: pending.email, role: input.role, programId }
        : { id: ctx.organizations.newId(), email: input.email, role: input.role, programId };
      return sendInvitation(ctx, caller, org, actor, base, pending !== undefined);
    },
  );
}
