import type { OrganizationContext } from './organization.ts';
import { changeOrganization } from './workspace.ts';

/**
 * After a key rotation (SSO_ENCRYPTION_KEY new, the old one in SSO_ENCRYPTION_KEYS_PREVIOUS): every SSO
 * secret still sealed under a previous key is sealed again under the current one, so the previous key can
 * be dropped at the next deployment. Idempotent; several replicas starting at once only race on the
 * revision (the loser reads the re-sealed value and leaves it).
 */
export async function resealSsoSecrets(
  ctx: OrganizationContext,
): Promise<{ resealed: number; unreadable: number }> {
  let resealed = 0;
  let unreadable = 0;
  for (const org of await ctx.organizations.listWithSso()) {
    const sealed = org.sso?.clientSecretSealed;
    if (!sealed || ctx.sso.sealedWithCurrentKey(sealed)) continue;
    const done = await changeOrganization(
      ctx,
      () => ctx.organizations.findById(org.id),
      (current) => {
        const value = current.sso?.clientSecretSealed;
        if (!current.sso || !value || ctx.sso.sealedWithCurrentKey(value))
          return { changes: {}, events: [], result: 'skipped' as const };
        const secret = ctx.sso.open(value);
        if (secret === null) return { changes: {}, events: [], result: 'unreadable' as const };
        return {
          changes: { sso: { ...current.sso, clientSecretSealed: ctx.sso.seal(secret) } },
          events: [],
          result: 'resealed' as const,
        };
      },
    );
    if (done === 'resealed') resealed += 1;
    if (done === 'unreadable') unreadable += 1;
  }
  return { resealed, unreadable };
}
