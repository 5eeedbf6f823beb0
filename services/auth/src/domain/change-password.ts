import { authErrors, authEvent, loadSignedInUser, type AuthContext, type Caller } from './user.ts';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * Replaces the password after checking the current one, and ends the user's other sessions
 * (`user.sessions_revoked` except the caller's session, in the same write).
 */
export async function changePassword(
  ctx: AuthContext,
  caller: Caller,
  userId: string,
  input: ChangePasswordInput,
): Promise<void> {
  const user = await loadSignedInUser(ctx, userId);
  if (user.username === ctx.settings.demoUsername) throw authErrors.demoAccountLocked();
  if (!(await ctx.hasher.verify(input.currentPassword, user.passwordHash)))
    throw authErrors.wrongCurrentPassword();
  const passwordHash = await ctx.hasher.hash(input.newPassword);
  const revoked = authEvent(ctx, caller, 'user.sessions_revoked', {
    userId: user.id,
    ...(caller.sessionId ? { exceptSessionId: caller.sessionId } : {}),
  });
  if (!(await ctx.users.setPasswordHash(user.id, passwordHash, [revoked]))) throw authErrors.sessionEnded();
}
