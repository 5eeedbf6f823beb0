import {
  organizationErrors,
  organizationEvent,
  type Caller,
  type OrganizationContext,
} from './organization.ts';

/**
 * Deletes an organization that nobody registered through. While it has users the deletion is refused
 * (409) and nothing changes: their accounts keep pointing at it. Marking it inactive is the way to close it.
 * It is marked deleted together with `organization.deleted`, and removed once the event is out.
 */
export async function deleteOrganization(
  ctx: OrganizationContext,
  caller: Caller,
  id: string,
): Promise<void> {
  const org = ctx.organizations.isValidId(id) ? await ctx.organizations.findById(id) : null;
  if (!org) throw organizationErrors.notFound();
  const count = (await ctx.members.countByOrganization(caller.correlationId))[org.id] ?? 0;
  if (count > 0) throw organizationErrors.hasUsers(count);
  const event = organizationEvent(ctx, caller, 'organization.deleted', { organizationId: org.id });
  if (!(await ctx.organizations.markDeleted(org.id, [event]))) throw organizationErrors.notFound();
}
