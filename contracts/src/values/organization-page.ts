/**
 * Issue 22: an organization's registration page `/org/{slug}` arrives showing the organization, as the
 * pre-rendered public pages do. Its content is the organization's, so the web build cannot write it whole:
 * it renders the page once per variant (with or without a logo, with or without a description) with
 * stand-ins (`ORGANIZATION_PAGE_TOKENS`) where the organization's values go, and the gateway fills in the
 * branding it reads for the request (`fillOrganizationPage`), with that answer embedded for the app, which
 * hydrates the page without asking for it again.
 */
import type { OrganizationBranding } from '../http/organization.ts';
import { brandStyleText, safeLogoUrl } from './brand-colors.ts';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from './organization.ts';
import { EMBEDDED_ANSWER_ATTRIBUTE } from './web-pages.ts';

/** The folder of the web build's output that holds the templates, one `<variant>.html` each. */
export const ORGANIZATION_PAGE_TEMPLATE_DIR = 'organization-page';

export const ORGANIZATION_PAGE_VARIANTS = ['plain', 'logo', 'description', 'logo-description'] as const;
export type OrganizationPageVariant = (typeof ORGANIZATION_PAGE_VARIANTS)[number];

/**
 * The stand-ins the templates hold: letters, digits and hyphens only, so React writes each as it is in text,
 * attributes and addresses alike. `style` replaces the whole of the branded colours' style attribute.
 */
export const ORGANIZATION_PAGE_TOKENS = {
  slug: 'vr-template-slug-9f3c',
  name: 'VrTemplateName9f3c',
  description: 'VrTemplateDescription9f3c',
  logoUrl: 'https://vr-template-logo-9f3c.invalid/logo',
  style: '--vr-template-style-9f3c:0',
} as const;

/** Which template shows this branding: the page renders a logo and a description only when it has them. */
export function organizationPageVariant(branding: OrganizationBranding): OrganizationPageVariant {
  const logo = safeLogoUrl(branding.logoUrl) !== null;
  const description = (branding.description?.trim() ?? '') !== '';
  if (logo) return description ? 'logo-description' : 'logo';
  return description ? 'description' : 'plain';
}

/** What the build renders a variant's template with: the stand-ins, and the default colours. */
export function templateBranding(variant: OrganizationPageVariant): OrganizationBranding {
  return {
    name: ORGANIZATION_PAGE_TOKENS.name,
    description: variant.includes('description') ? ORGANIZATION_PAGE_TOKENS.description : null,
    logoUrl: variant.includes('logo') ? ORGANIZATION_PAGE_TOKENS.logoUrl : null,
    primaryColor: DEFAULT_PRIMARY_COLOR,
    secondaryColor: DEFAULT_SECONDARY_COLOR,
  };
}

/** The style attribute the build renders, which it replaces with `ORGANIZATION_PAGE_TOKENS.style`. */
export function templateStyleText(): string {
  return brandStyleText(templateBranding('plain'));
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** Text for HTML text and quoted attributes, escaped as React escapes it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** An API answer in a page, for the app's first read of `path` (`<` escaped: it cannot close its element). */
export function embeddedAnswer(path: string, answer: unknown): string {
  const json = JSON.stringify(answer).replace(/</g, '\\u003c');
  return `<script type="application/json" ${EMBEDDED_ANSWER_ATTRIBUTE}="${escapeHtml(path)}">${json}</script>`;
}

/**
 * The page of `organizationPageVariant(branding)`'s template for this organization: every stand-in replaced
 * by its value, escaped (in one pass, so no value is read again as a stand-in), and the branding embedded as
 * the answer of `read`, the page's first read. `slug` must be the request's, as the app reads it from the address.
 */
export function fillOrganizationPage(
  template: string,
  slug: string,
  read: string,
  branding: OrganizationBranding,
): string {
  const values: Readonly<Record<string, string>> = {
    [ORGANIZATION_PAGE_TOKENS.slug]: slug,
    [ORGANIZATION_PAGE_TOKENS.name]: branding.name,
    [ORGANIZATION_PAGE_TOKENS.description]: branding.description?.trim() ?? '',
    [ORGANIZATION_PAGE_TOKENS.logoUrl]: safeLogoUrl(branding.logoUrl) ?? '',
    [ORGANIZATION_PAGE_TOKENS.style]: brandStyleText(branding),
  };
  // The stand-ins hold no character a pattern reads specially but `.` (the logo's address), escaped here.
  const tokens = new RegExp(
    Object.keys(values)
      .map((token) => token.replaceAll('.', '\\.'))
      .join('|'),
    'g',
  );
  const filled = template.replace(tokens, (token) => escapeHtml(values[token] ?? ''));
  if (!filled.includes('</body>')) throw new Error('the organization page template has no </body>');
  return filled.replace('</body>', () => `${embeddedAnswer(read, branding)}</body>`);
}
