// An organization's defaults, patterns and editable fields, zod-free so a page that shows them carries no schema.

export const DEFAULT_PRIMARY_COLOR = '#0F172A';
export const DEFAULT_SECONDARY_COLOR = '#3B82F6';

/** Lowercase letters and digits, with single hyphens between them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** `#RRGGBB`. */
export const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** The fields an administrator sets on an organization, in the form's order (the audit log summarises these). */
export const ORGANIZATION_FIELDS = [
  'name',
  'slug',
  'logoUrl',
  'primaryColor',
  'secondaryColor',
  'description',
  'isActive',
  // Issue 18: the plan (Free or Enterprise), set by the platform administrator only.
  'plan',
] as const;
export type OrganizationField = (typeof ORGANIZATION_FIELDS)[number];
