import type { DemoAccount } from '@app/contracts';
import { authErrors, type AuthContext, type UserRecord } from './user.ts';

function person(user: UserRecord): DemoAccount['owner'] {
  const name = [user.firstName, user.lastName].filter((p) => p && p.trim() !== '').join(' ');
  return { userId: user.id, email: user.username, displayName: name || user.username };
}

/**
 * The demo account and its co-founder, for the venture service's reset of the sample venture.
 * `USER.NOT_FOUND` until the demo account is seeded; `coFounder` null when it is not (yet) there.
 */
export async function getDemoAccount(ctx: AuthContext): Promise<DemoAccount> {
  const owner = await ctx.users.findByUsername(ctx.settings.demoUsername);
  if (!owner) throw authErrors.userNotFound();
  const coFounder = ctx.settings.demoCoFounderUsername
    ? await ctx.users.findByUsername(ctx.settings.demoCoFounderUsername)
    : null;
  return { owner: person(owner), coFounder: coFounder ? person(coFounder) : null };
}
