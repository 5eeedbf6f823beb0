import type { OrganizationWithCount } from '@app/contracts';
import { toOrganizationView, type OrganizationContext } from './organization.ts';

/** Every organization, oldest first, with the number of users who registered through it (admin dashboard). */
export async function listOrganizations(
  ctx: OrganizationContext,
  correlationId: string,
): Promise<OrganizationWithCount[]> {
  const [organizations, counts] = await Promise.all([
    ctx.organizations.list(),
    ctx.members.countByOrganization(correlationId),
  ]);
  return organizations.map((org) => ({ ...toOrganizationView(org), userCount: counts[org.id] ?? 0 }));
}
