import type { OrganizationWithCount } from '@app/contracts';
import { organizationErrors, toOrganizationView, type OrganizationContext } from './organization.ts';

/** One organization (active or not) with its user count, for the admin edit page. */
export async function getOrganization(
  ctx: OrganizationContext,
  correlationId: string,
  id: string,
): Promise<OrganizationWithCount> {
  const org = ctx.organizations.isValidId(id) ? await ctx.organizations.findById(id) : null;
  if (!org) throw organizationErrors.notFound();
  const counts = await ctx.members.countByOrganization(correlationId);
  return { ...toOrganizationView(org), userCount: counts[org.id] ?? 0 };
}
