import type { organizationApi, RouteAnswer } from '@app/contracts';
import { queryOptions, useQuery, type QueryFilters } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/*
 * An organization's public branding: read by its registration page, refreshed by the admin dashboard
 * whenever an organization changes. Nobody's private data, so it survives a change of session.
 */

/** GET /api/organizations/by-slug/{slug}: an active organization's branding; 404 otherwise. */
export function getOrganizationBySlug(
  slug: string,
  signal?: AbortSignal,
): Promise<RouteAnswer<typeof organizationApi.getBranding>> {
  return api.get(`/api/organizations/by-slug/${encodeURIComponent(slug)}`, { signal });
}

const ROOT = ['organizations'] as const;

export function organizationBySlugQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...ROOT, 'by-slug', slug] as const,
    queryFn: ({ signal }) => getOrganizationBySlug(slug, signal),
  });
}

export function useOrganizationBySlug(slug: string) {
  return useQuery(organizationBySlugQueryOptions(slug));
}

/** Every organization's cached branding, whatever the slug. */
export const allOrganizationBrandings = { queryKey: ROOT } satisfies QueryFilters;
