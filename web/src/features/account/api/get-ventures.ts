import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import type { AccountVenture } from '../types';
import { ventureKeys } from './query-keys';

/** GET /api/ventures: the signed-in user's ventures, oldest first; a 404 means none (spec §7). */
export async function getVentures(signal?: AbortSignal): Promise<AccountVenture[]> {
  try {
    const ventures = await api.get<AccountVenture[] | null>('/api/ventures', { signal });
    return Array.isArray(ventures) ? ventures : [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

/** The same list entry the roadmap pages read, so a change here shows there without a reload. */
export function venturesQueryOptions() {
  return queryOptions({
    queryKey: ventureKeys.lists(),
    queryFn: ({ signal }) => getVentures(signal),
  });
}

export function useVentures() {
  return useQuery(venturesQueryOptions());
}
