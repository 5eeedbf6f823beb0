import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { userSchema } from './auth.ts';
import {
  cursorPageSchema,
  defineRoute,
  idListParam,
  INVALID_CURSOR_CODE,
  searchablePageQuery,
  successSchema,
  text,
} from './route.ts';
import { COLOR_PATTERN, SLUG_PATTERN } from '../values/organization.ts';
import { ORGANIZATION_PLANS } from '../values/programs.ts';
import { LANGUAGES } from '../values/language.ts';
import { whiteLabelFields, whiteLabelShape } from './white-label.ts';

/*
 * The organization service's routes: the branded registration page (spec §7, "Public") and the internal
 * endpoints the admin dashboard manages organizations through.
 *
 * Request bodies: strict objects (unknown keys → 400), values of their own type only (so operator objects
 * never reach a query), messages the web app shows as they are.
 */

const { organization, account } = LIMITS;
const INVALID_EMAIL = 'Please enter a valid email address';
const SHORT_PASSWORD = `Password must be at least ${account.signUpPassword.min} characters`;

// ---- Shapes ------------------------------------------------------------------------------------------------

/** What the public registration page reads (spec §3): nothing else leaves for anonymous visitors. */
export const organizationBrandingSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** `#RRGGBB`. */
  primaryColor: z.string(),
  secondaryColor: z.string(),
});
export type OrganizationBranding = z.output<typeof organizationBrandingSchema>;

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Lowercase and URL-safe; unique. The branded page lives at /org/{slug}. */
  slug: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  /** Issue 18: Enterprise lifts the Free plan's venture limit for its members; set by a platform admin. */
  plan: z.enum(ORGANIZATION_PLANS),
  /** Issue 19: white label (display name, favicon, reply-to, links, custom domain). */
  ...whiteLabelShape,
  createdAt: z.iso.datetime(),
});
export type Organization = z.output<typeof organizationSchema>;

/** An organization with how many users registered through it (the admin list and edit page). */
export const organizationWithCountSchema = organizationSchema.extend({ userCount: z.number().int() });
export type OrganizationWithCount = z.output<typeof organizationWithCountSchema>;

/** An organization's id and name (the admin users list names each user's organization). */
export const organizationNameSchema = organizationSchema.pick({ id: true, name: true });
export type OrganizationName = z.output<typeof organizationNameSchema>;

// ---- Bodies and parameters ---------------------------------------------------------------------------------

/** Spec §5, organization registration: a valid e-mail and a password of at least 6 characters. */
export const organizationRegisterBody = z.strictObject({
  username: text(INVALID_EMAIL)
    .trim()
    .toLowerCase()
    .max(account.email.max, INVALID_EMAIL)
    .pipe(z.email(INVALID_EMAIL)),
  password: text(SHORT_PASSWORD)
    .min(account.signUpPassword.min, SHORT_PASSWORD)
    .max(account.password.max, 'Password is too long'),
  /** Issue 21: the language the visitor was reading in (absent: the request's Accept-Language). */
  language: z.enum(LANGUAGES).optional(),
});

/** A slug that could never exist is simply not found (404, not 400). */
export const slugParams = z.object({ slug: z.string().max(organization.slug.max).regex(SLUG_PATTERN) });
export const organizationIdParams = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid organization id'),
});

const name = text('Name is required', 'Name must be text')
  .trim()
  .min(organization.name.min, `Name must be at least ${organization.name.min} characters`)
  .max(organization.name.max, `Name must be at most ${organization.name.max} characters`);

const slug = text('Slug is required', 'Slug must be text')
  .trim()
  .min(organization.slug.min, `Slug must be at least ${organization.slug.min} characters`)
  .max(organization.slug.max, `Slug must be at most ${organization.slug.max} characters`)
  .regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, digits and single hyphens between them');

/** Empty text clears the field (null). */
function optionalText(label: string, max: number) {
  return text(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable();
}

const logoUrl = text('Logo URL must be text')
  .trim()
  .max(organization.logoUrl.max, `Logo URL must be at most ${organization.logoUrl.max} characters`)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Logo URL must be an http or https address')
  .transform((value) => (value === '' ? null : value))
  .nullable();

function color(label: string) {
  return text(`${label} must be a colour like #3B82F6`)
    .trim()
    .regex(COLOR_PATTERN, `${label} must be a colour like #3B82F6`)
    .transform((value) => value.toUpperCase());
}

const organizationFields = {
  name,
  slug,
  logoUrl: logoUrl.optional(),
  primaryColor: color('Primary colour').optional(),
  secondaryColor: color('Secondary colour').optional(),
  description: optionalText('Description', organization.description.max).optional(),
  isActive: z.boolean('isActive must be true or false').optional(),
  plan: z
    .enum(ORGANIZATION_PLANS, { error: `Plan must be one of ${ORGANIZATION_PLANS.join(', ')}` })
    .optional(),
  // Issue 19: white label.
  ...whiteLabelFields,
};

export const createOrganizationBody = z.strictObject(organizationFields);

export const updateOrganizationBody = z
  .strictObject({ ...organizationFields, name: name.optional(), slug: slug.optional() })
  .refine((changes) => Object.keys(changes).length > 0, 'Nothing to change');

/**
 * Issue 18: what an organization's own admin changes in its workspace settings. The slug (its links), the
 * plan and whether it is active stay the platform administrator's.
 */
export const workspaceSettingsBody = z
  .strictObject({
    name: name.optional(),
    logoUrl: organizationFields.logoUrl,
    primaryColor: organizationFields.primaryColor,
    secondaryColor: organizationFields.secondaryColor,
    description: organizationFields.description,
    // Issue 19: white label, the org admin's too.
    ...whiteLabelFields,
  })
  .refine((changes) => Object.keys(changes).length > 0, 'Nothing to change');

// ---- Routes ------------------------------------------------------------------------------------------------

/** The browser-facing calls, reached through the gateway by anonymous visitors. */
export const organizationApi = {
  /** The branding of an active organization; 404 for an unknown or inactive one (the same answer). */
  getBranding: defineRoute({
    method: 'GET',
    path: '/api/organizations/by-slug/:slug',
    params: slugParams,
    answer: organizationBrandingSchema,
    errors: ['ORGANIZATION.NOT_FOUND'],
  }),
  /** Creates an account with the organization recorded and signs it in (like `POST /api/register`). */
  register: defineRoute({
    method: 'POST',
    path: '/api/organizations/:slug/register',
    status: 201,
    params: slugParams,
    body: organizationRegisterBody,
    answer: userSchema,
    errors: ['ORGANIZATION.NOT_FOUND', 'AUTH.USERNAME_TAKEN', 'AUTH.RATE_LIMITED'],
  }),
} as const;

/** Calls from other services only (`/internal`, a service identity required): the admin dashboard's. */
export const organizationInternalApi = {
  /**
   * A page of organizations, newest first (created, then id, both descending), searched by name with `q`
   * (issue 18). Users are auth's: the admin service adds their counts (auth's `organizationUserCounts`).
   */
  list: defineRoute({
    method: 'GET',
    path: '/internal/organizations',
    query: searchablePageQuery,
    answer: cursorPageSchema(organizationSchema),
    errors: [INVALID_CURSOR_CODE],
  }),
  /** The names of the named organizations (unknown ids are absent): the admin users list shows them. */
  names: defineRoute({
    method: 'GET',
    path: '/internal/organization-names',
    query: z.strictObject({ ids: idListParam('ids') }),
    answer: z.array(organizationNameSchema),
  }),
  /** Default colours, active unless said otherwise. */
  create: defineRoute({
    method: 'POST',
    path: '/internal/organizations',
    status: 201,
    body: createOrganizationBody,
    answer: organizationSchema,
    errors: ['ORGANIZATION.SLUG_TAKEN', 'ORGANIZATION.DOMAIN_TAKEN'],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/internal/organizations/:id',
    params: organizationIdParams,
    answer: organizationWithCountSchema,
    errors: ['ORGANIZATION.NOT_FOUND'],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/internal/organizations/:id',
    params: organizationIdParams,
    body: updateOrganizationBody,
    answer: organizationSchema,
    errors: ['ORGANIZATION.NOT_FOUND', 'ORGANIZATION.SLUG_TAKEN', 'ORGANIZATION.DOMAIN_TAKEN'],
  }),
  /** Refused (409) while users registered through it. */
  remove: defineRoute({
    method: 'DELETE',
    path: '/internal/organizations/:id',
    params: organizationIdParams,
    answer: successSchema,
    errors: ['ORGANIZATION.NOT_FOUND', 'ORGANIZATION.HAS_USERS'],
  }),
} as const;
