import { brandName, type OrganizationBranding } from '@app/contracts';
import { organizationErrors, type OrganizationContext } from './organization.ts';

/**
 * The branding of an active organization: what the public registration page reads (spec §3), nothing else
 * leaves for anonymous visitors. 404 for an unknown or inactive one (the same answer for both).
 */
export async function getBranding(ctx: OrganizationContext, slug: string): Promise<OrganizationBranding> {
  const org = await ctx.organizations.findBySlug(slug);
  if (!org || !org.isActive) throw organizationErrors.notFound();
  return {
    // Issue 19: the display name when the organization set one (its white label).
    name: brandName(org),
    description: org.description,
    logoUrl: org.logoUrl,
    primaryColor: org.primaryColor,
    secondaryColor: org.secondaryColor,
  };
}
