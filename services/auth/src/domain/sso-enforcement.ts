import { emailDomainOf } from '@app/contracts';
import type { AuthContext, UserRecord } from './user.ts';

/**
 * Issue 19: whether an address must sign in by SSO: its domain belongs to an organization whose enabled
 * connection is enforced, and it is not an active platform administrator (who keeps a break-glass password
 * sign-in). Decided by domain, so it tells nothing about whether the account exists. If the organization
 * service cannot answer, false: the password decides (enforcement is a policy over a working sign-in, not
 * its lock).
 */
export async function ssoRequiredFor(
  ctx: AuthContext,
  username: string,
  user: UserRecord | null,
  correlationId: string,
): Promise<boolean> {
  if (!ctx.sso || !username.includes('@')) return false;
  const connection = await ctx.sso.directory
    .byDomain(emailDomainOf(username), correlationId)
    .catch(() => null);
  if (!connection || !connection.enabled || !connection.enforced) return false;
  return !(user?.isAdmin && user.isActive);
}
