import { organizationEvent, type Caller, type OrganizationContext } from './organization.ts';
import { wouldLeaveNoAdmin } from './change-member-role.ts';
import {
  actorIn,
  actorOf,
  auditEntry,
  changeOrganization,
  memberChangedData,
  profileOrUnauthorized,
  workspaceErrors,
} from './workspace.ts';

/**
 * An org admin removes a member: audited as `member.removed`, with `organization.member_changed` (role
 * null). The last org admin stays (409 `ORGANIZATION.LAST_ADMIN`). A removed founder's ventures stay theirs.
 */
export async function removeMember(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  memberId: string,
): Promise<void> {
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  await changeOrganization(
    ctx,
    () => ctx.organizations.findBySlug(slug),
    (org) => {
      const actor = actorIn(org, profile, 'manageMembers');
      const member = org.members.find((m) => m.userId === memberId);
      if (!member) throw workspaceErrors.memberNotFound();
      if (wouldLeaveNoAdmin(org.members, memberId)) throw workspaceErrors.lastAdmin();
      return {
        changes: { members: org.members.filter((m) => m.userId !== memberId) },
        events: [
          organizationEvent(
            ctx,
            caller,
            'organization.member_changed',
            memberChangedData(org.id, member, null, actor),
          ),
        ],
        audit: [auditEntry(ctx, actorOf(actor), 'member.removed', member.email, { role: member.role })],
        result: undefined,
      };
    },
  );
}
