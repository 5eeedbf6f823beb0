import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { defineRoute, text } from './route.ts';
import { HOSTNAME_PATTERN } from '../values/white-label.ts';

/*
 * Issue 19, white label: the branding fields an organization adds to its name, logo and colours, the
 * signed-in member's brand (`GET /api/organizations/my-brand`) and the gateway's host lookup
 * (`GET /internal/organizations/by-host/:host`). Kept apart from the organization routes so the branding
 * and single sign-on work change different files.
 */

const { whiteLabel } = LIMITS;

/** Empty text clears the field (null). */
function optional(label: string, max: number) {
  return text(`${label} must be text`).trim().max(max, `${label} must be at most ${max} characters`);
}

function httpsUrl(label: string) {
  return optional(label, whiteLabel.url.max)
    .refine((value) => {
      if (value === '') return true;
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    }, `${label} must be an https address`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

/** The editable white-label fields (admin and org admin alike); each optional, `''` or null clears it. */
export const whiteLabelFields = {
  displayName: optional('Display name', whiteLabel.displayName.max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  faviconUrl: httpsUrl('Favicon URL'),
  replyToEmail: optional('Reply-to address', LIMITS.account.email.max)
    .toLowerCase()
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'Reply-to address must be an e-mail address',
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  supportUrl: httpsUrl('Support link'),
  termsUrl: httpsUrl('Terms link'),
  privacyUrl: httpsUrl('Privacy link'),
  customDomain: optional('Custom domain', 253)
    .toLowerCase()
    .refine(
      (value) => value === '' || HOSTNAME_PATTERN.test(value),
      'Custom domain must be a hostname like ventures.example.org (no scheme, port or path)',
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
};

/** The white-label fields as answered (null = not set). */
export const whiteLabelShape = {
  displayName: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  replyToEmail: z.string().nullable(),
  supportUrl: z.string().nullable(),
  termsUrl: z.string().nullable(),
  privacyUrl: z.string().nullable(),
  /** Lowercase hostname; unique across organizations. */
  customDomain: z.string().nullable(),
};

/** What a member's app is dressed in: nothing here is secret to the member. */
export const memberBrandSchema = z.object({
  slug: z.string(),
  /** The display name when set, else the organization's name. */
  name: z.string(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  supportUrl: z.string().nullable(),
  termsUrl: z.string().nullable(),
  privacyUrl: z.string().nullable(),
});
export type MemberBrand = z.output<typeof memberBrandSchema>;

/** `{ brand: null }`: the platform's own look (not a member of an active organization). */
export const myBrandSchema = z.object({ brand: memberBrandSchema.nullable() });
export type MyBrand = z.output<typeof myBrandSchema>;

/** The organization a custom domain belongs to (an active one), for the gateway. */
export const hostOrganizationSchema = z.object({ slug: z.string(), name: z.string() });
export type HostOrganization = z.output<typeof hostOrganizationSchema>;

export const hostParams = z.object({
  host: z.string().max(253).toLowerCase().regex(HOSTNAME_PATTERN, 'Invalid host'),
});

/** The browser-facing white-label call (through the gateway, signed in). */
export const whiteLabelApi = {
  /**
   * The signed-in user's brand: the active organization they joined most recently (any role; the newest
   * `joinedAt` wins, so one organization's brand only). `{ brand: null }` for everyone else.
   */
  myBrand: defineRoute({
    method: 'GET',
    path: '/api/organizations/my-brand',
    answer: myBrandSchema,
  }),
} as const;

/** The gateway's host lookup (service identity only). */
export const whiteLabelInternalApi = {
  /** The active organization whose custom domain is `host`; 404 `ORGANIZATION.NOT_FOUND` otherwise. */
  byHost: defineRoute({
    method: 'GET',
    path: '/internal/organizations/by-host/:host',
    params: hostParams,
    answer: hostOrganizationSchema,
    errors: ['ORGANIZATION.NOT_FOUND'],
  }),
} as const;
