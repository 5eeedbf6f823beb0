import { authErrors, toUserView, type AuthContext, type UserView } from './user.ts';

/** Any existing user (active or not) by id, for other services; 404 when there is none. */
export async function getUser(ctx: AuthContext, userId: string): Promise<UserView> {
  const user = ctx.users.isValidId(userId) ? await ctx.users.findById(userId) : null;
  if (!user) throw authErrors.userNotFound();
  return toUserView(user);
}
