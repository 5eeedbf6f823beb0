import type { EventData, EventEnvelope } from '@app/common';
import { translatorFor } from '../i18n/translator.ts';
import type { MailSettings, OutgoingEmail } from './email.ts';
import { brandHtml } from './html.ts';

/*
 * Issue 19, white label: e-mails to a member of an organization carry its brand. The mailer keeps its own
 * read model (organizations' brands from `organization.updated`, memberships from
 * `organization.member_changed`), so no e-mail waits on a call to the organization service.
 */

/** The organization events the mailer keeps its brand read model from. */
export const BRAND_EVENT_TYPES = [
  'organization.updated',
  'organization.deleted',
  'organization.member_changed',
] as const;
type BrandEventType = (typeof BRAND_EVENT_TYPES)[number];

/** What an e-mail to a member carries of the organization. */
export interface MailBrand {
  organizationId: string;
  /** The display name, else the organization's name. */
  name: string;
  logoUrl: string | null;
  /** `#RRGGBB`. */
  primaryColor: string;
  replyToEmail: string | null;
  /** Links in the e-mail point there (https) when set. */
  customDomain: string | null;
}

/** The mailer's brand read model (store/brand.repository.ts). */
export interface BrandDirectory {
  /** Keeps the organization's brand unless a newer event already did; `brand` null = not branded (yet). */
  applyOrganization(data: EventData<'organization.updated'>, at: Date): Promise<void>;
  removeOrganization(organizationId: string, at: Date): Promise<void>;
  /** A member joined or changed role (`role` set) or left (`role` null). */
  applyMembership(
    input: { organizationId: string; userId: string; email: string; member: boolean },
    at: Date,
  ): Promise<void>;
  /** The brand of an active organization that has one. */
  ofOrganization(organizationId: string): Promise<MailBrand | null>;
  /**
   * Per recipient address (lowercased): the brand of the active organization the address's user joined
   * most recently (the app's rule, `GET /api/organizations/my-brand`). Addresses without one are absent.
   */
  ofRecipients(addresses: readonly string[]): Promise<ReadonlyMap<string, MailBrand>>;
}

export function isBrandEvent(event: EventEnvelope): event is EventEnvelope<BrandEventType> {
  return (BRAND_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** Keeps what a brand event says; events may arrive out of order (the newest `occurredAt` wins). */
export async function applyBrandEvent(
  brands: BrandDirectory,
  event: EventEnvelope<BrandEventType>,
): Promise<void> {
  const at = new Date(event.occurredAt);
  switch (event.type) {
    case 'organization.updated':
      return brands.applyOrganization(event.data as EventData<'organization.updated'>, at);
    case 'organization.deleted':
      return brands.removeOrganization((event.data as EventData<'organization.deleted'>).organizationId, at);
    case 'organization.member_changed': {
      const data = event.data as EventData<'organization.member_changed'>;
      return brands.applyMembership(
        {
          organizationId: data.organizationId,
          userId: data.member.userId,
          email: data.member.email.toLowerCase(),
          member: data.role !== null,
        },
        at,
      );
    }
  }
}

/** An http(s) base without the trailing slash. */
function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The e-mail as a member of the organization gets it: From name "<organization> via Venture Roadmap" (the
 * address stays the platform's, so SPF, DKIM and DMARC hold), Reply-To the organization's (unless the
 * e-mail has its own), its logo and colour in the HTML, and links to the app on its custom domain.
 */
export function brandEmail(email: OutgoingEmail, brand: MailBrand, settings: MailSettings): OutgoingEmail {
  const app = trimSlash(settings.publicUrl);
  const domain = brand.customDomain ? `https://${brand.customDomain}` : null;
  const relink = (body: string, escapedApp: string) =>
    domain
      ? body.split(`${escapedApp}/`).join(`${domain}/`).split(`${escapedApp}"`).join(`${domain}"`)
      : body;
  return {
    ...email,
    // `senderNameFor` of the contracts, in the e-mail's language (issue 21).
    fromName: translatorFor(email.language).t('{name} via Venture Roadmap', { name: brand.name }),
    ...(email.replyTo || !brand.replyToEmail
      ? {}
      : { replyTo: { name: brand.name, address: brand.replyToEmail } }),
    text: domain ? email.text.split(`${app}/`).join(`${domain}/`) : email.text,
    html: brandHtml(relink(email.html, app.replace(/&/g, '&amp;')), brand),
  };
}

/** Each e-mail branded by its recipient's organization (by address), if any: digests and other e-mails. */
export async function brandByRecipient(
  brands: BrandDirectory,
  emails: readonly OutgoingEmail[],
  settings: MailSettings,
): Promise<OutgoingEmail[]> {
  if (emails.length === 0) return [];
  const byAddress = await brands.ofRecipients(emails.map((email) => email.to.address.toLowerCase()));
  return emails.map((email) => {
    const brand = byAddress.get(email.to.address.toLowerCase());
    return brand ? brandEmail(email, brand, settings) : email;
  });
}

/**
 * The brand of each e-mail's recipient: the registering organization for a welcome e-mail (the
 * registration carries its id, so it never races the membership), else the recipient's membership.
 */
export async function brandEmails(
  brands: BrandDirectory,
  event: EventEnvelope,
  emails: readonly OutgoingEmail[],
  settings: MailSettings,
): Promise<OutgoingEmail[]> {
  if (emails.length === 0) return [];
  if (event.type === 'user.registered') {
    const organizationId = (event.data as EventData<'user.registered'>).organizationId;
    if (!organizationId) return [...emails];
    const brand = await brands.ofOrganization(organizationId);
    return emails.map((email) => (brand ? brandEmail(email, brand, settings) : email));
  }
  return brandByRecipient(brands, emails, settings);
}
