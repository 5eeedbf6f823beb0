import { isOrgStaff, type MyOrganization } from '@app/contracts';
import type { OrganizationContext } from './organization.ts';

/**
 * The organizations the caller is staff of (the account menu's "Workspace: …" entries), by name. A platform
 * administrator's are their memberships too: they reach every other organization from /admin.
 */
export async function listMyOrganizations(
  ctx: OrganizationContext,
  userId: string,
): Promise<MyOrganization[]> {
  const orgs = await ctx.organizations.listByMember(userId);
  return orgs
    .flatMap((org) => {
      const role = org.members.find((m) => m.userId === userId)?.role;
      return role && isOrgStaff(role)
        ? [{ id: org.id, slug: org.slug, name: org.name, logoUrl: org.logoUrl, role }]
        : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
