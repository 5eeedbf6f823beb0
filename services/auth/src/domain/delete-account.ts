import { authErrors, authEvent, loadSignedInUser, type AuthContext, type Caller } from './user.ts';

/**
 * The user deletes their own account after proving the password. Administrators cannot (another admin
 * must). Records `user.deleted` (the venture service removes their ventures) and `user.sessions_revoked`
 * (every session ends, on every gateway instance) in the same write.
 */
export async function deleteAccount(
  ctx: AuthContext,
  caller: Caller,
  userId: string,
  password: string,
): Promise<void> {
  const user = await loadSignedInUser(ctx, userId);
  if (!(await ctx.hasher.verify(password, user.passwordHash))) throw authErrors.wrongPassword();
  if (user.isAdmin) throw authErrors.adminCannotDeleteSelf();
  if (user.username === ctx.settings.demoUsername) throw authErrors.demoAccountLocked();
  const deleted = await ctx.users.markDeleted(user.id, [
    authEvent(ctx, caller, 'user.deleted', { userId: user.id, username: user.username }),
    authEvent(ctx, caller, 'user.sessions_revoked', { userId: user.id }),
  ]);
  if (!deleted) throw authErrors.sessionEnded();
}
