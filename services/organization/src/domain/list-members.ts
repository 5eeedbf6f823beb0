import { ORG_ROLES, type OrgMember } from '@app/contracts';
import type { Caller, OrganizationContext } from './organization.ts';
import { toMemberView, workspaceFor } from './workspace.ts';

/** Staff who may see members: every member, by role (admins first), then by joining. */
export async function listMembers(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
): Promise<OrgMember[]> {
  const { org } = await workspaceFor(ctx, caller, userId, slug, 'viewMembers');
  return [...org.members]
    .sort(
      (a, b) =>
        ORG_ROLES.indexOf(a.role) - ORG_ROLES.indexOf(b.role) || a.joinedAt.getTime() - b.joinedAt.getTime(),
    )
    .map(toMemberView);
}
