import { AppError } from '@app/common';
import { SSO_REQUIRED_MESSAGE } from '@app/contracts';
import { ssoRequiredFor } from './sso-enforcement.ts';
import {
  authErrors,
  normalizeUsername,
  SSO_ONLY_PASSWORD,
  toSessionUserView,
  type AuthContext,
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
  // Issue 19: where the organization requires SSO, the password is not even checked.
  if (await ssoRequiredFor(ctx, username, user, correlationId)) throw ssoRequired();
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
