import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  organizationUpdated,
  rethrowSlugTaken,
  toOrganizationView,
  type Caller,
  type NewOrganization,
  type OrganizationContext,
  type OrganizationView,
} from './organization.ts';
import { whiteLabelOf } from './white-label.ts';

export type CreateOrganizationInput = Pick<NewOrganization, 'name' | 'slug'> & Partial<NewOrganization>;

/**
 * Creates an organization: default colours, active and Free unless said otherwise; 409 on a taken slug.
 * `organization.updated` goes out with it (the venture service's read model learns of it).
 */
export async function createOrganization(
  ctx: OrganizationContext,
  caller: Caller,
  input: CreateOrganizationInput,
): Promise<OrganizationView> {
  const id = ctx.organizations.newId();
  const fields: NewOrganization = {
    name: input.name,
    slug: input.slug,
    logoUrl: input.logoUrl ?? null,
    primaryColor: input.primaryColor ?? DEFAULT_PRIMARY_COLOR,
    secondaryColor: input.secondaryColor ?? DEFAULT_SECONDARY_COLOR,
    description: input.description ?? null,
    isActive: input.isActive ?? true,
    plan: input.plan ?? 'free',
    ...whiteLabelOf(input),
  };
  const org = await rethrowSlugTaken(
    ctx.organizations.create(id, fields, [organizationUpdated(ctx, caller, { id, ...fields })]),
  );
  return toOrganizationView(org);
}
