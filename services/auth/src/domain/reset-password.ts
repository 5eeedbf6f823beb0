import { hashResetToken } from './request-password-reset.ts';
import { authErrors, authEvent, type AuthContext, type Caller } from './user.ts';

export interface ResetPasswordInput {
  token: string;
  password: string;
}

/**
 * Sets a new password with a reset token. The token works once and only before it expires; every session
 * of the user ends (`user.sessions_revoked` without exception, in the same write, for every gateway
 * instance). Returns whose password it was, so the answer can end their sessions at once too.
 */
export async function resetPassword(
  ctx: AuthContext,
  caller: Caller,
  input: ResetPasswordInput,
): Promise<{ userId: string }> {
  const tokenHash = hashResetToken(input.token);
  const user = await ctx.users.findByResetToken(tokenHash, ctx.clock());
  if (!user) throw authErrors.invalidResetToken();
  const passwordHash = await ctx.hasher.hash(input.password);
  const consumed = await ctx.users.consumeResetToken(user.id, tokenHash, ctx.clock(), passwordHash, [
    authEvent(ctx, caller, 'user.sessions_revoked', { userId: user.id }),
  ]);
  if (!consumed) throw authErrors.invalidResetToken();
  return { userId: user.id };
}
