import type { OrgMember, OrgRole } from '@app/contracts';
import {
  organizationEvent,
  type Caller,
  type OrganizationContext,
  type OrgMemberRecord,
} from './organization.ts';
import {
  actorIn,
  actorOf,
  auditEntry,
  changeOrganization,
  memberChangedData,
  profileOrUnauthorized,
  toMemberView,
  workspaceErrors,
} from './workspace.ts';

/** Whether taking `userId` out of the orgAdmin role leaves the organization without one. */
export function wouldLeaveNoAdmin(members: readonly OrgMemberRecord[], userId: string): boolean {
  const admins = members.filter((m) => m.role === 'orgAdmin');
  return admins.length === 1 && admins[0]!.userId === userId;
}

/**
 * An org admin gives a member another role: audited as `member.role_changed`, with
 * `organization.member_changed`. The last org admin keeps the role (409 `ORGANIZATION.LAST_ADMIN`).
 */
export async function changeMemberRole(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  memberId: string,
  role: OrgRole,
): Promise<OrgMember> {
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  return changeOrganization(
    ctx,
    () => ctx.organizations.findBySlug(slug),
    (org) => {
      const actor = actorIn(org, profile, 'manageMembers');
      const member = org.members.find((m) => m.userId === memberId);
      if (!member) throw workspaceErrors.memberNotFound();
      if (member.role === role) return { changes: {}, events: [], result: toMemberView(member) };
      if (member.role === 'orgAdmin' && wouldLeaveNoAdmin(org.members, memberId)) {
        throw workspaceErrors.lastAdmin();
      }
      const changed = { ...member, role };
      return {
        changes: { members: org.members.map((m) => (m.userId === memberId ? changed : m)) },
        events: [
          organizationEvent(
            ctx,
            caller,
            'organization.member_changed',
            memberChangedData(org.id, changed, role, actor),
          ),
        ],
        audit: [
          auditEntry(ctx, actorOf(actor), 'member.role_changed', member.email, {
            role: { from: member.role, to: role },
          }),
        ],
        result: toMemberView(changed),
      };
    },
  );
}
