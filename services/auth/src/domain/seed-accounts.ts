import { randomBytes } from 'node:crypto';
import { registerUser } from './register-user.ts';
import { normalizeUsername, type AuthContext, type Caller } from './user.ts';

export interface SeedAccount {
  username: string;
  password: string;
  isAdmin: boolean;
}

export type SeedOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Makes sure an account exists (idempotent; safe on every start and from several instances at once).
 * An existing account is made active and given the admin flag when it should have it. Its password is
 * reset to the configured one only for the demo account (whose password is published for the Demo Login
 * button): an administrator's changed password is left alone.
 */
export async function seedAccount(
  ctx: AuthContext,
  caller: Caller,
  account: SeedAccount,
): Promise<SeedOutcome> {
  const username = normalizeUsername(account.username);
  const existing = await ctx.users.findByUsername(username);
  if (!existing) {
    try {
      await registerUser(ctx, caller, { username, password: account.password, isAdmin: account.isAdmin });
      return 'created';
    } catch (error) {
      // Another instance seeded it between our read and our write.
      if ((error as { code?: string }).code === 'AUTH.USERNAME_TAKEN') return 'unchanged';
      throw error;
    }
  }
  let changed = false;
  if (!existing.isActive || (account.isAdmin && !existing.isAdmin)) {
    await ctx.users.updateAdminFields(
      existing.id,
      { isActive: true, ...(account.isAdmin ? { isAdmin: true } : {}) },
      [],
    );
    changed = true;
  }
  if (
    username === ctx.settings.demoUsername &&
    !(await ctx.hasher.verify(account.password, existing.passwordHash))
  ) {
    await ctx.users.setPasswordHash(existing.id, await ctx.hasher.hash(account.password), []);
    changed = true;
  }
  return changed ? 'updated' : 'unchanged';
}

/** The demo co-founder's name, shown on the sample venture's members, comments and activity. */
export const DEMO_CO_FOUNDER_NAME = { firstName: 'Maya', lastName: 'Chen' } as const;

/**
 * The co-founder of the demo account's sample venture: an account nobody signs in as (a random password,
 * never published; its reset e-mails stay on the platform like the demo's), named on first seeding.
 */
export async function seedDemoCoFounder(
  ctx: AuthContext,
  caller: Caller,
  username: string,
): Promise<SeedOutcome> {
  const outcome = await seedAccount(ctx, caller, {
    username,
    password: randomBytes(24).toString('base64url'),
    isAdmin: false,
  });
  if (outcome === 'created') {
    const user = await ctx.users.findByUsername(normalizeUsername(username));
    if (user) await ctx.users.updateProfile(user.id, DEMO_CO_FOUNDER_NAME);
  }
  return outcome;
}
