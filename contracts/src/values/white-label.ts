// Issue 19, white label: an organization's brand as its members see it, zod-free so the web app's header
// and the mailer share the same texts.

/** The platform's own name, kept in every branded text ("… · powered by Venture Roadmap"). */
export const PLATFORM_NAME = 'Venture Roadmap';

/**
 * A custom domain: a lowercase DNS hostname of at least two labels (`ventures.northgate.example`), each
 * label 1–63 letters, digits or inner hyphens, no port, no trailing dot.
 */
export const HOSTNAME_PATTERN =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** The white-label fields of an organization, in the settings form's order (audited field by field). */
export const WHITE_LABEL_FIELDS = [
  'displayName',
  'faviconUrl',
  'replyToEmail',
  'supportUrl',
  'termsUrl',
  'privacyUrl',
  'customDomain',
] as const;
export type WhiteLabelField = (typeof WHITE_LABEL_FIELDS)[number];

/** The name members see: the display name when set, else the organization's name. */
export function brandName(org: { name: string; displayName: string | null }): string {
  return org.displayName ?? org.name;
}

/** The app header's text for a member: "Northgate Venture Lab · powered by Venture Roadmap". */
export function poweredByText(name: string): string {
  return `${name} · powered by ${PLATFORM_NAME}`;
}

/** The From name of e-mails to a member: "Northgate Venture Lab via Venture Roadmap". */
export function senderNameFor(name: string): string {
  return `${name} via ${PLATFORM_NAME}`;
}
