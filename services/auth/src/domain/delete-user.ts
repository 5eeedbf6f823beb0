import { authErrors, authEvent, ensureNotLastAdmin, type AuthContext, type Caller } from './user.ts';

/**
 * An administrator deletes a user (through the admin service): `user.deleted` and
 * `user.sessions_revoked` are recorded in the same write as the deletion mark. The last active
 * administrator cannot be deleted.
 */
export async function deleteUser(ctx: AuthContext, caller: Caller, userId: string): Promise<void> {
  const user = ctx.users.isValidId(userId) ? await ctx.users.findById(userId) : null;
  if (!user) throw authErrors.userNotFound();
  await ensureNotLastAdmin(ctx, user);
  const deleted = await ctx.users.markDeleted(user.id, [
    authEvent(ctx, caller, 'user.deleted', { userId: user.id, username: user.username }),
    authEvent(ctx, caller, 'user.sessions_revoked', { userId: user.id }),
  ]);
  if (!deleted) throw authErrors.userNotFound();
}
