import type { AdminUserRow, PageRequest, RouteAnswer, adminApi } from '@app/contracts';
import type { Platform } from '../clients/platform.ts';

/**
 * A page of the dashboard's users (issue 18): auth's page, each user with the name of the organization they
 * registered through, asked of the organization service once for the whole page.
 */
export async function listUserRows(
  platform: Platform,
  page: PageRequest,
): Promise<RouteAnswer<typeof adminApi.listUsers>> {
  const users = await platform.auth.listUsers(page);
  const organizationIds = [
    ...new Set(users.items.map((user) => user.organizationId).filter((id): id is string => id !== null)),
  ];
  const names = await platform.organization.names(organizationIds);
  const items: AdminUserRow[] = users.items.map((user) => ({
    ...user,
    organizationName: user.organizationId === null ? null : (names.get(user.organizationId) ?? null),
  }));
  return { items, nextCursor: users.nextCursor };
}
