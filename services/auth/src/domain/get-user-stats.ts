import type { AuthContext, UserStats } from './user.ts';

/** How many users there are, in total and per organization (admin statistics). */
export function getUserStats(ctx: AuthContext): Promise<UserStats> {
  return ctx.users.stats();
}

/** How many users registered through each of the named organizations (the admin organizations list). */
export async function countOrganizationUsers(
  ctx: AuthContext,
  organizationIds: readonly string[],
): Promise<{ counts: Record<string, number> }> {
  return { counts: await ctx.users.countByOrganizations(organizationIds) };
}
