import type { CursorPage } from '@app/common';
import type { Organization, OrganizationName, PageRequest } from '@app/contracts';
import { toOrganizationView, type OrganizationContext } from './organization.ts';

/**
 * A page of organizations, newest first, searched by name (the admin dashboard's list, issue 18). Their
 * user counts are the auth service's to give: the admin service asks it for the page's organizations.
 */
export async function listOrganizations(
  ctx: OrganizationContext,
  page: PageRequest,
): Promise<CursorPage<Organization>> {
  const { items, nextCursor } = await ctx.organizations.listPage(page);
  return { items: items.map(toOrganizationView), nextCursor };
}

/** The names of the organizations with these ids (the admin users list shows each user's). */
export async function organizationNames(
  ctx: OrganizationContext,
  ids: readonly string[],
): Promise<OrganizationName[]> {
  const organizations = await ctx.organizations.findByIds(ids);
  return organizations.map((org) => ({ id: org.id, name: org.name }));
}
