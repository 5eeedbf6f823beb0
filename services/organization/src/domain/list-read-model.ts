import type { RouteAnswer, workspaceInternalApi } from '@app/contracts';
import type { OrganizationContext } from './organization.ts';

/** Every organization's id, slug, name, plan and state: the venture service reconciles its read model with it. */
export async function listReadModel(
  ctx: OrganizationContext,
): Promise<RouteAnswer<typeof workspaceInternalApi.listOrganizations>> {
  const orgs = await ctx.organizations.list();
  return orgs.map((org) => ({
    id: org.id,
    slug: org.slug,
    name: org.name,
    plan: org.plan,
    isActive: org.isActive,
  }));
}
