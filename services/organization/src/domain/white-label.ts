import { AppError } from '@app/common';
import { brandName, type HostOrganization, type MyBrand, type WhiteLabelField } from '@app/contracts';
import {
  organizationEvent,
  organizationUpdated,
  type Caller,
  type OrganizationContext,
  type OrganizationRecord,
} from './organization.ts';

/*
 * Issue 19, white label: an organization's branding fields, the signed-in member's brand and the gateway's
 * custom-domain lookup. Kept in this file (and its own routes) so other organization work merges cleanly.
 */

/** The white-label fields as stored; null = not set. */
export type WhiteLabelRecord = Record<WhiteLabelField, string | null>;

/** Reads the fields off a stored document (absent on organizations from before issue 19: none set). */
export function whiteLabelOf(
  doc: Partial<Record<WhiteLabelField, string | null | undefined>>,
): WhiteLabelRecord {
  return {
    displayName: doc.displayName ?? null,
    faviconUrl: doc.faviconUrl ?? null,
    replyToEmail: doc.replyToEmail ?? null,
    supportUrl: doc.supportUrl ?? null,
    termsUrl: doc.termsUrl ?? null,
    privacyUrl: doc.privacyUrl ?? null,
    customDomain: doc.customDomain ?? null,
  };
}

/** Who the organization audit log names for a change made from the admin dashboard (issue 19). */
export const PLATFORM_ADMIN_ACTOR = { userId: 'platform', displayName: 'Platform administrator' } as const;

/** Thrown by the store when a custom domain is already another organization's (the unique index said so). */
export class DomainTakenError extends Error {
  constructor() {
    super('custom domain taken');
    this.name = 'DomainTakenError';
  }
}

export const whiteLabelErrors = {
  domainTaken: () =>
    AppError.conflict('Another organization already uses this custom domain', 'ORGANIZATION.DOMAIN_TAKEN'),
};

/** The brand `organization.updated` carries for the mailer's read model. */
export function eventBrandOf(
  org: Pick<OrganizationRecord, 'name' | 'logoUrl' | 'primaryColor'> & WhiteLabelRecord,
) {
  return {
    name: brandName(org),
    logoUrl: org.logoUrl,
    primaryColor: org.primaryColor,
    replyToEmail: org.replyToEmail,
    customDomain: org.customDomain,
  };
}

/**
 * The signed-in user's brand: of the ACTIVE organizations they are a member of (any role), the one they
 * joined most recently; `{ brand: null }` when none. Only that organization's public look leaves.
 */
export async function getMyBrand(ctx: OrganizationContext, userId: string): Promise<MyBrand> {
  const orgs = await ctx.organizations.listByMember(userId);
  let best: { org: OrganizationRecord; joinedAt: number } | null = null;
  for (const org of orgs) {
    if (!org.isActive) continue;
    const member = org.members.find((m) => m.userId === userId);
    if (!member) continue;
    const joinedAt = member.joinedAt.getTime();
    if (!best || joinedAt > best.joinedAt) best = { org, joinedAt };
  }
  if (!best) return { brand: null };
  const { org } = best;
  return {
    brand: {
      slug: org.slug,
      name: brandName(org),
      logoUrl: org.logoUrl,
      faviconUrl: org.faviconUrl,
      primaryColor: org.primaryColor,
      secondaryColor: org.secondaryColor,
      supportUrl: org.supportUrl,
      termsUrl: org.termsUrl,
      privacyUrl: org.privacyUrl,
    },
  };
}

/** The active organization whose custom domain is `host` (lowercase); 404 otherwise. */
export async function organizationByHost(ctx: OrganizationContext, host: string): Promise<HostOrganization> {
  const org = await ctx.organizations.findByCustomDomain(host);
  if (!org || !org.isActive) {
    throw AppError.notFound('Organization not found', 'ORGANIZATION.NOT_FOUND');
  }
  return { slug: org.slug, name: brandName(org) };
}

/**
 * The start-up backfill of the mailer's brand read model: an organization from before issue 19 publishes,
 * once, its `organization.updated` (with the brand) and one `organization.member_changed` per member (their
 * current role, no actor), in ONE write with a mark (`brandSyncedAt`) that is conditional on the revision it
 * read, so a member change made meanwhile is never overtaken by an older picture (a lost race is read again,
 * a few times, and left for the next start). Idempotent across replicas and restarts. Returns how many
 * organizations it published.
 */
export async function publishBrandBackfill(ctx: OrganizationContext, caller: Caller): Promise<number> {
  let published = 0;
  let fruitless = 0;
  // Until none is left; rounds where every write lost its race (members changing right now) end it after 5.
  while (fruitless < 5) {
    const batch = await ctx.organizations.listBrandUnsynced(100);
    if (batch.length === 0) break;
    let progressed = false;
    for (const org of batch) {
      const events = [
        organizationUpdated(ctx, caller, org),
        ...org.members.map((member) =>
          organizationEvent(ctx, caller, 'organization.member_changed', {
            organizationId: org.id,
            member: { userId: member.userId, email: member.email, displayName: member.displayName },
            role: member.role,
            actor: null,
          }),
        ),
      ];
      const written = await ctx.organizations.commit(
        org.id,
        org.revision,
        { brandSyncedAt: ctx.clock() },
        { events },
      );
      if (written) {
        published += 1;
        progressed = true;
      }
    }
    fruitless = progressed ? 0 : fruitless + 1;
  }
  return published;
}
