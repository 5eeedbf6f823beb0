import type { RouteAnswer, ventureApi } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VENTURE_QUERY_ROOT } from '../../../entities/venture/venture-queries';
import { api, isApiError } from '../../../lib/api-client';

/** The signed-in user's ventures; a 404 means none (spec §7). */
export async function getVentures(
  signal?: AbortSignal,
): Promise<RouteAnswer<typeof ventureApi.listVentures>> {
  try {
    const ventures = await api.get<RouteAnswer<typeof ventureApi.listVentures> | null>('/api/ventures', {
      signal,
    });
    return Array.isArray(ventures) ? ventures : [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

/** The user's ventures; the home redirect, the account page and every venture change share this entry. */
export function venturesQueryOptions() {
  return queryOptions({
    queryKey: [VENTURE_QUERY_ROOT, 'list'] as const,
    queryFn: ({ signal }) => getVentures(signal),
  });
}

export function useVentures(options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...venturesQueryOptions(), ...options });
}
