import type { OrganizationWithCount, PageRequest, RouteAnswer, adminApi } from '@app/contracts';
import type { Platform } from '../clients/platform.ts';

/**
 * A page of the dashboard's organizations (issue 18): the organization service's page, each with how many
 * users registered through it, asked of auth (which owns the users) once for the whole page.
 */
export async function listOrganizationRows(
  platform: Platform,
  page: PageRequest,
): Promise<RouteAnswer<typeof adminApi.listOrganizations>> {
  const organizations = await platform.organization.list(page);
  const counts = await platform.auth.organizationUserCounts(organizations.items.map((org) => org.id));
  const items: OrganizationWithCount[] = organizations.items.map((org) => ({
    ...org,
    userCount: counts[org.id] ?? 0,
  }));
  return { items, nextCursor: organizations.nextCursor };
}
