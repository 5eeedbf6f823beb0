import { organizationErrors, type OrganizationContext } from './organization.ts';

/**
 * Deletes an organization that nobody registered through. While it has users the deletion is refused
 * (409) and nothing changes: their accounts keep pointing at it. Marking it inactive is the way to close it.
 */
export async function deleteOrganization(
  ctx: OrganizationContext,
  correlationId: string,
  id: string,
): Promise<void> {
  const org = ctx.organizations.isValidId(id) ? await ctx.organizations.findById(id) : null;
  if (!org) throw organizationErrors.notFound();
  const count = (await ctx.members.countByOrganization(correlationId))[org.id] ?? 0;
  if (count > 0) throw organizationErrors.hasUsers(count);
  if (!(await ctx.organizations.remove(org.id))) throw organizationErrors.notFound();
}
