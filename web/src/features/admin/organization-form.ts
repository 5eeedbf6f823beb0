/**
 * The organization form's rules, the same the organization service enforces (issue 6): slug lowercase and
 * URL-safe, colours `#RRGGBB` defaulting to #0F172A and #3B82F6, logo http(s) only, active by default.
 */
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  isHexColor,
  LIMITS,
  ORGANIZATION_FIELDS,
  SLUG_PATTERN,
  type OrganizationField,
  type Organization,
  type OrganizationPlan,
} from '@app/contracts';
import { translate } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-client';
import type { OrganizationInput } from './api/admin-mutations';

const { organization: limits } = LIMITS;

export interface OrganizationFormValues extends Record<OrganizationField, string | boolean> {
  name: string;
  slug: string;
  logoUrl: string;
  primaryColor: string;
  secondaryColor: string;
  description: string;
  isActive: boolean;
  /** Issue 18: Enterprise lifts the Free plan's venture limit for the organization's members. */
  plan: OrganizationPlan;
}

// The fields, in the form's order, are the contract's: the admin service summarises the same ones.
export { ORGANIZATION_FIELDS, type OrganizationField };

/** Returns the problem with a value (in the active language), or null when it is fine. */
export function nameProblem(value: string | undefined): string | null {
  const name = value?.trim() ?? '';
  if (name === '') return translate('Name is required');
  if (name.length < limits.name.min)
    return translate('Name must be at least {min} characters', { min: limits.name.min });
  if (name.length > limits.name.max)
    return translate('Name must be at most {max} characters', { max: limits.name.max });
  return null;
}

export function slugProblem(value: string | undefined): string | null {
  const slug = value?.trim() ?? '';
  if (slug === '') return translate('Slug is required');
  if (slug.length < limits.slug.min)
    return translate('Slug must be at least {min} characters', { min: limits.slug.min });
  if (slug.length > limits.slug.max)
    return translate('Slug must be at most {max} characters', { max: limits.slug.max });
  if (!SLUG_PATTERN.test(slug))
    return translate('Slug may contain only lowercase letters, digits and single hyphens between them');
  return null;
}

/** `label`: the field's name as shown (already in the active language). */
export function colorProblem(label: string, value: string | undefined): string | null {
  return isHexColor(value) ? null : translate('{label} must be a colour like #3B82F6', { label });
}

export function logoUrlProblem(value: string | undefined): string | null {
  const url = value?.trim() ?? '';
  if (url === '') return null;
  if (url.length > limits.logoUrl.max)
    return translate('Logo URL must be at most {max} characters', { max: limits.logoUrl.max });
  try {
    const { protocol } = new URL(url);
    if (protocol === 'http:' || protocol === 'https:') return null;
  } catch {
    // Not a URL at all.
  }
  return translate('Logo URL must be an http or https address');
}

/** A slug suggested from the name: lowercase letters and digits, words joined by single hyphens. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, limits.slug.max)
    .replace(/-+$/, '');
}

export function emptyOrganizationValues(): OrganizationFormValues {
  return {
    name: '',
    slug: '',
    logoUrl: '',
    primaryColor: DEFAULT_PRIMARY_COLOR,
    secondaryColor: DEFAULT_SECONDARY_COLOR,
    description: '',
    isActive: true,
    plan: 'free',
  };
}

export function organizationToValues(org: Organization): OrganizationFormValues {
  return {
    name: org.name,
    slug: org.slug,
    logoUrl: org.logoUrl ?? '',
    primaryColor: org.primaryColor || DEFAULT_PRIMARY_COLOR,
    secondaryColor: org.secondaryColor || DEFAULT_SECONDARY_COLOR,
    description: org.description ?? '',
    isActive: org.isActive,
    plan: org.plan,
  };
}

/** What is sent: trimmed text, empty optional text as null, colours in upper case. */
export function valuesToInput(values: OrganizationFormValues): OrganizationInput {
  const optional = (value: string | undefined) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  };
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    logoUrl: optional(values.logoUrl),
    primaryColor: values.primaryColor.trim().toUpperCase(),
    secondaryColor: values.secondaryColor.trim().toUpperCase(),
    description: optional(values.description),
    isActive: values.isActive,
    plan: values.plan,
  };
}

/** Only the fields that differ from the stored organization (PATCH sends organization fields). */
export function changedFields(
  before: OrganizationInput,
  after: OrganizationInput,
): Partial<OrganizationInput> {
  const changes: Partial<OrganizationInput> = {};
  for (const key of Object.keys(after) as (keyof OrganizationInput)[]) {
    if (after[key] !== before[key]) Object.assign(changes, { [key]: after[key] });
  }
  return changes;
}

/** The server's validation errors (`path[0]` is the field) as form field errors; unknown fields are left out. */
export function serverFieldErrors(error: unknown): { name: OrganizationField; errors: string[] }[] {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return [];
  const issues = (error.body as { validationErrors?: unknown }).validationErrors;
  if (!Array.isArray(issues)) return [];
  const byField = new Map<OrganizationField, string[]>();
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    const field = Array.isArray(issue?.path) ? issue.path[0] : undefined;
    if (typeof field !== 'string' || !ORGANIZATION_FIELDS.includes(field as OrganizationField)) continue;
    if (typeof issue.message !== 'string') continue;
    const list = byField.get(field as OrganizationField) ?? [];
    list.push(issue.message);
    byField.set(field as OrganizationField, list);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
