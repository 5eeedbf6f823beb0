import { z } from 'zod';

/*
 * Request bodies: strict objects (unknown keys → 400), values of their own type only (so operator objects
 * never reach a query), messages the web app shows as they are.
 */

function text(missing: string, wrongType = missing): z.ZodString {
  return z.string({ error: (issue) => (issue.input === undefined ? missing : wrongType) });
}

/** Longer passwords are refused before they reach the auth service (which refuses them too). */
const MAX_PASSWORD_LENGTH = 1024;
const INVALID_EMAIL = 'Please enter a valid email address';
const SHORT_PASSWORD = 'Password must be at least 6 characters';

/** Spec §5, organization registration: a valid e-mail and a password of at least 6 characters. */
export const registerBody = z.strictObject({
  username: text(INVALID_EMAIL).trim().toLowerCase().max(254, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL)),
  password: text(SHORT_PASSWORD).min(6, SHORT_PASSWORD).max(MAX_PASSWORD_LENGTH, 'Password is too long'),
});

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COLOR = /^#[0-9A-Fa-f]{6}$/;

export const slugParams = z.object({ slug: z.string().max(64).regex(SLUG) });
export const idParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid organization id') });

const name = text('Name is required', 'Name must be text')
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters');

const slug = text('Slug is required', 'Slug must be text')
  .trim()
  .min(2, 'Slug must be at least 2 characters')
  .max(64, 'Slug must be at most 64 characters')
  .regex(SLUG, 'Slug may contain only lowercase letters, digits and single hyphens between them');

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
  .max(2048, 'Logo URL must be at most 2048 characters')
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
    .regex(COLOR, `${label} must be a colour like #3B82F6`)
    .transform((value) => value.toUpperCase());
}

const organizationFields = {
  name,
  slug,
  logoUrl: logoUrl.optional(),
  primaryColor: color('Primary colour').optional(),
  secondaryColor: color('Secondary colour').optional(),
  description: optionalText('Description', 1000).optional(),
  isActive: z.boolean('isActive must be true or false').optional(),
};

export const createOrganizationBody = z.strictObject(organizationFields);

export const updateOrganizationBody = z
  .strictObject({ ...organizationFields, name: name.optional(), slug: slug.optional() })
  .refine((changes) => Object.keys(changes).length > 0, 'Nothing to change');
