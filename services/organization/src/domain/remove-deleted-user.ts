import { organizationEvent, type Caller, type OrganizationContext } from './organization.ts';
import { auditEntry, changeOrganization, memberChangedData } from './workspace.ts';

/**
 * `user.deleted`: the account is gone, so are its memberships (with `organization.member_changed`, role
 * null, and an audit entry). Deleting an account is never refused, so this may leave an organization
 * without an org admin; the platform administrator, who acts as one everywhere, can invite a new one.
 * Idempotent: a repeated event finds no membership left.
 */
export async function removeDeletedUser(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
): Promise<number> {
  const orgs = await ctx.organizations.listByMember(userId);
  let removed = 0;
  for (const { id } of orgs) {
    const done = await changeOrganization(
      ctx,
      () => ctx.organizations.findById(id),
      (org) => {
        const member = org.members.find((m) => m.userId === userId);
        if (!member) return { changes: {}, events: [], result: false };
        return {
          changes: { members: org.members.filter((m) => m.userId !== userId) },
          events: [
            organizationEvent(
              ctx,
              caller,
              'organization.member_changed',
              memberChangedData(org.id, member, null, null),
            ),
          ],
          audit: [
            auditEntry(ctx, { userId, displayName: 'Account deleted' }, 'member.removed', member.email, {
              role: member.role,
              reason: 'account deleted',
            }),
          ],
          result: true,
        };
      },
    );
    if (done) removed += 1;
  }
  return removed;
}
