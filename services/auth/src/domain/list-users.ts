import { toUserView, type AuthContext, type UserView } from './user.ts';

/** Every user, oldest first (the admin dashboard's list). */
export async function listUsers(ctx: AuthContext): Promise<UserView[]> {
  return (await ctx.users.list()).map(toUserView);
}
