import { createHash, randomBytes } from 'node:crypto';
import { ssoRequiredFor } from './sso-enforcement.ts';
import { authEvent, normalizeUsername, type AuthContext, type Caller } from './user.ts';

/** 32 random bytes: unguessable; only its SHA-256 is stored. */
const TOKEN_BYTES = 32;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Issues a single-use reset token for an active account and records `password.reset_requested` (the
 * mailer sends the link) in the same write. Answers the same whether or not the account exists, so it
 * cannot be used to find out which addresses are registered. A new request replaces an older token.
 */
export async function requestPasswordReset(
  ctx: AuthContext,
  caller: Caller,
  input: { username: string },
): Promise<void> {
  const user = await ctx.users.findByUsername(normalizeUsername(input.username));
  if (!user || !user.isActive || user.username === ctx.settings.demoUsername) return;
  // Issue 19: where the organization requires SSO, no password can be set (the same answer, no link).
  if (await ssoRequiredFor(ctx, user.username, user, caller.correlationId)) return;
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(ctx.clock().getTime() + ctx.settings.resetTokenTtlMinutes * 60_000);
  const resetUrl = `${ctx.settings.publicUrl}/reset-password?token=${token}`;
  await ctx.users.setResetToken(user.id, hashResetToken(token), expiresAt, [
    authEvent(ctx, caller, 'password.reset_requested', {
      userId: user.id,
      username: user.username,
      resetUrl,
      expiresAt: expiresAt.toISOString(),
      // Issue 21: the e-mail is written in the user's language.
      language: user.language,
    }),
  ]);
}
