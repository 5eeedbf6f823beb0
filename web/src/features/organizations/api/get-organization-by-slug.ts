import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OrganizationBranding } from '../types';
import { organizationKeys } from './query-keys';

/** GET /api/organizations/by-slug/{slug}: an active organization's branding; 404 otherwise. */
export function getOrganizationBySlug(slug: string, signal?: AbortSignal): Promise<OrganizationBranding> {
  return api.get<OrganizationBranding>(`/api/organizations/by-slug/${encodeURIComponent(slug)}`, { signal });
}

export function organizationBySlugQueryOptions(slug: string) {
  return queryOptions({
    queryKey: organizationKeys.bySlug(slug),
    queryFn: ({ signal }) => getOrganizationBySlug(slug, signal),
  });
}

export function useOrganizationBySlug(slug: string) {
  return useQuery(organizationBySlugQueryOptions(slug));
}
