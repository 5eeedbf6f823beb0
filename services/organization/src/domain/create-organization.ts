import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  rethrowSlugTaken,
  toOrganizationView,
  type NewOrganization,
  type OrganizationContext,
  type OrganizationView,
} from './organization.ts';

export type CreateOrganizationInput = Pick<NewOrganization, 'name' | 'slug'> & Partial<NewOrganization>;

/** Creates an organization: default colours, active unless said otherwise; 409 on a taken slug. */
export async function createOrganization(
  ctx: OrganizationContext,
  input: CreateOrganizationInput,
): Promise<OrganizationView> {
  const org = await rethrowSlugTaken(
    ctx.organizations.create({
      name: input.name,
      slug: input.slug,
      logoUrl: input.logoUrl ?? null,
      primaryColor: input.primaryColor ?? DEFAULT_PRIMARY_COLOR,
      secondaryColor: input.secondaryColor ?? DEFAULT_SECONDARY_COLOR,
      description: input.description ?? null,
      isActive: input.isActive ?? true,
    }),
  );
  return toOrganizationView(org);
}
