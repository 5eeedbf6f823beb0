import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import type { VentureSummary } from '../types';
import { ventureKeys } from './venture-keys';

/** The signed-in user's ventures; a 404 means none (spec §7). */
export async function getVentures(signal?: AbortSignal): Promise<VentureSummary[]> {
  try {
    const ventures = await api.get<VentureSummary[] | null>('/api/ventures', { signal });
    return Array.isArray(ventures) ? ventures : [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function venturesQueryOptions() {
  return queryOptions({
    queryKey: ventureKeys.lists(),
    queryFn: ({ signal }) => getVentures(signal),
  });
}

export function useVentures(options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...venturesQueryOptions(), ...options });
}
