import { AppError } from '@app/common';
import { emailDomainOf, SSO_REQUIRED_MESSAGE } from '@app/contracts';
import {
  authErrors,
  normalizeUsername,
  SSO_ONLY_PASSWORD,
  toSessionUserView,
  type AuthContext,
  type UserRecord,
  type UserView,
} from './user.ts';

export interface LogInInput {
  username: string;
  password: string;
}

/**
 * Checks the credentials. An unknown address and a wrong password give the same error after the same
 * amount of hashing; a deactivated account is reported only once the password is proven.
 */
export async function logIn(ctx: AuthContext, input: LogInInput, correlationId = 'login'): Promise<UserView> {
  const username = normalizeUsername(input.username);
  const user = await ctx.users.findByUsername(username);
  await refuseWhereSsoIsEnforced(ctx, username, user, correlationId);
  if (!user || user.passwordHash === SSO_ONLY_PASSWORD) {
    await ctx.hasher.verifyDummy(input.password);
    throw authErrors.invalidCredentials();
  }
  if (!(await ctx.hasher.verify(input.password, user.passwordHash))) throw authErrors.invalidCredentials();
  if (!user.isActive) throw authErrors.deactivated();
  if (ctx.hasher.needsRehash(user.passwordHash)) {
    // The hashing parameters changed since this hash was made: upgrade it now that we know the password.
    await ctx.users.setPasswordHash(user.id, await ctx.hasher.hash(input.password), []);
  }
  return toSessionUserView(ctx, user);
}

export const ssoRequired = () => new AppError('AUTH.SSO_REQUIRED', 403, SSO_REQUIRED_MESSAGE);

/**
 * Issue 19: an address whose domain belongs to an organization enforcing SSO signs in there, not with a
 * password, whatever the account (a platform administrator excepted: the break-glass sign-in). The check
 * is by domain, so it tells nothing about whether the account exists. If the organization service cannot
 * answer, the password is still checked (enforcement is a policy over a working sign-in, not its lock).
 */
async function refuseWhereSsoIsEnforced(
  ctx: AuthContext,
  username: string,
  user: UserRecord | null,
  correlationId: string,
): Promise<void> {
  if (!ctx.sso || !username.includes('@')) return;
  const connection = await ctx.sso.directory
    .byDomain(emailDomainOf(username), correlationId)
    .catch(() => null);
  if (!connection || !connection.enabled || !connection.enforced) return;
  if (user?.isAdmin && user.isActive) return;
  throw ssoRequired();
}
