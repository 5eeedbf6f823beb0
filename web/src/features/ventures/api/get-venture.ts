import type { RouteAnswer, ventureApi } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ventureDetailKey } from '../../../entities/venture/venture-queries';
import { api } from '../../../lib/api-client';

/** One of the user's ventures with its tasks and progress (spec §7). */
export function getVenture(
  id: string,
  signal?: AbortSignal,
): Promise<RouteAnswer<typeof ventureApi.getVenture>> {
  return api.get(`/api/ventures/${encodeURIComponent(id)}`, { signal });
}

export function ventureQueryOptions(id: string) {
  return queryOptions({
    queryKey: ventureDetailKey(id),
    queryFn: ({ signal }) => getVenture(id, signal),
  });
}

export function useVenture(id: string) {
  return useQuery(ventureQueryOptions(id));
}
