import type { AuthContext } from './user.ts';

/**
 * Issue 19: the provider's end-session URL for a session opened through `organizationId`'s SSO connection
 * (back to /auth afterwards), or null when the provider has none or the connection is gone.
 */
export async function endSessionUrlOf(
  ctx: AuthContext,
  organizationId: string,
  correlationId: string,
): Promise<string | null> {
  if (!ctx.sso) return null;
  const connection = await ctx.sso.directory.ofOrganization(organizationId, correlationId);
  // SAML sessions end here only: single logout (SLO) is not built.
  if (!connection || connection.protocol !== 'oidc') return null;
  return ctx.sso.rp.endSessionUrl(connection, `${ctx.settings.publicUrl}/auth`);
}
