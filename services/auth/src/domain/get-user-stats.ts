import type { AuthContext, UserStats } from './user.ts';

/** How many users there are, in total and per organization (admin statistics). */
export function getUserStats(ctx: AuthContext): Promise<UserStats> {
  return ctx.users.stats();
}
