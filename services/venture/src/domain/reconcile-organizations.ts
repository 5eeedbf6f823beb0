import type { OrganizationPlan } from '@app/contracts';
import type { VentureContext } from './venture.ts';

/** The organization service's list of every organization with its plan (`workspaceInternalApi`). */
export interface OrganizationSource {
  list(opts: {
    correlationId: string;
  }): Promise<Array<{ id: string; slug: string; name: string; plan: OrganizationPlan; isActive: boolean }>>;
}

/**
 * Issue 18: brings the organizations' read model in line with the organization service at start, for
 * organizations whose events this service never received (created before it subscribed, e.g. at the first
 * deployment of issue 18). Each is written as of `now`: an event that happened before changes nothing, a
 * later one still wins. Answers how many organizations were written.
 */
export async function reconcileOrganizations(
  ctx: VentureContext,
  source: OrganizationSource,
  now: Date,
): Promise<number> {
  const organizations = await source.list({ correlationId: `reconcile-${now.getTime()}` });
  for (const org of organizations) {
    await ctx.institutions.upsertOrganization(
      { organizationId: org.id, slug: org.slug, name: org.name, plan: org.plan, isActive: org.isActive },
      { id: `reconcile-${org.id}`, occurredAt: now },
    );
  }
  return organizations.length;
}
