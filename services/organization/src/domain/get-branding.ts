import type { OrganizationBranding } from '@app/contracts';
import { organizationErrors, type OrganizationContext } from './organization.ts';

/**
 * The branding of an active organization: what the public registration page reads (spec §3), nothing else
 * leaves for anonymous visitors. 404 for an unknown or inactive one (the same answer for both).
 */
export async function getBranding(ctx: OrganizationContext, slug: string): Promise<OrganizationBranding> {
  const org = await ctx.organizations.findBySlug(slug);
  if (!org || !org.isActive) throw organizationErrors.notFound();
  return {
    name: org.name,
    description: org.description,
    logoUrl: org.logoUrl,
    primaryColor: org.primaryColor,
    secondaryColor: org.secondaryColor,
  };
}
