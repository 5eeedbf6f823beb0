import {
  organizationErrors,
  rethrowSlugTaken,
  toOrganizationView,
  type OrganizationChanges,
  type OrganizationContext,
  type OrganizationView,
} from './organization.ts';

/** Changes the given fields only; 404 for an unknown organization, 409 on a taken slug. */
export async function updateOrganization(
  ctx: OrganizationContext,
  id: string,
  changes: OrganizationChanges,
): Promise<OrganizationView> {
  if (!ctx.organizations.isValidId(id)) throw organizationErrors.notFound();
  const org = await rethrowSlugTaken(ctx.organizations.update(id, changes));
  if (!org) throw organizationErrors.notFound();
  return toOrganizationView(org);
}
