import { authErrors, normalizeUsername, toSessionUserView, type AuthContext, type UserView } from './user.ts';

export interface LogInInput {
  username: string;
  password: string;
}

/**
 * Checks the credentials. An unknown address and a wrong password give the same error after the same
 * amount of hashing; a deactivated account is reported only once the password is proven.
 */
export async function logIn(ctx: AuthContext, input: LogInInput): Promise<UserView> {
  const user = await ctx.users.findByUsername(normalizeUsername(input.username));
  if (!user) {
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
