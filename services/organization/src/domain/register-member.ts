import { organizationErrors, type MemberView, type OrganizationContext } from './organization.ts';

/**
 * A visitor registers on an organization's branded page: the account is created by the auth service with
 * the organization recorded. Only active organizations take registrations.
 */
export async function registerMember(
  ctx: OrganizationContext,
  correlationId: string,
  slug: string,
  input: { username: string; password: string },
): Promise<MemberView> {
  const org = await ctx.organizations.findBySlug(slug);
  if (!org || !org.isActive) throw organizationErrors.notFound();
  return ctx.members.createMember({ ...input, organizationId: org.id }, correlationId);
}
