import {
  authErrors,
  authEvent,
  ensureNotLastAdmin,
  normalizeUsername,
  rethrowUsernameTaken,
  toUserView,
  type AdminChanges,
  type AuthContext,
  type Caller,
  type OutboxEvent,
  type UserView,
} from './user.ts';

/**
 * An administrator's change to a user (through the admin service). Deactivating or demoting a user ends
 * their sessions (`user.sessions_revoked`, in the same write), so lost rights take effect at once.
 */
export async function updateUser(
  ctx: AuthContext,
  caller: Caller,
  userId: string,
  changes: AdminChanges,
): Promise<UserView> {
  const user = ctx.users.isValidId(userId) ? await ctx.users.findById(userId) : null;
  if (!user) throw authErrors.userNotFound();
  const normalized: AdminChanges = { ...changes };
  if (changes.username !== undefined) normalized.username = normalizeUsername(changes.username);
  // The demo account's address is published (the Demo Login button): it stays as it is.
  if (user.username === ctx.settings.demoUsername && (normalized.username ?? user.username) !== user.username)
    throw authErrors.demoAccountLocked();
  const losesRights =
    (changes.isActive === false && user.isActive) || (changes.isAdmin === false && user.isAdmin);
  if (changes.isAdmin === false || changes.isActive === false) await ensureNotLastAdmin(ctx, user);
  const events: OutboxEvent[] = losesRights
    ? [authEvent(ctx, caller, 'user.sessions_revoked', { userId: user.id })]
    : [];
  const updated = await rethrowUsernameTaken(ctx.users.updateAdminFields(user.id, normalized, events));
  if (!updated) throw authErrors.userNotFound();
  return toUserView(updated);
}
