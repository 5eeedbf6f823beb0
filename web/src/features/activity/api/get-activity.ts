import type { RouteAnswer, ventureTeamApi } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ventureDetailKey } from '../../../entities/venture/venture-queries';
import { api } from '../../../lib/api-client';

export type ActivityPage = RouteAnswer<typeof ventureTeamApi.listActivity>;

/** Entries per page. */
export const ACTIVITY_PAGE_SIZE = 20;

/** GET /api/ventures/{id}/activity: a page of the venture's history, newest first. */
export function getActivity(
  ventureId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE) });
  if (cursor !== null) query.set('cursor', cursor);
  return api.get(`/api/ventures/${encodeURIComponent(ventureId)}/activity?${query.toString()}`, { signal });
}

/** Under the venture's detail, so whatever refreshes a venture refreshes its history too. */
export function activityQueryOptions(ventureId: string) {
  return infiniteQueryOptions({
    queryKey: [...ventureDetailKey(ventureId), 'activity'] as const,
    queryFn: ({ pageParam, signal }) => getActivity(ventureId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * The venture's history. It is built from the venture's events a moment after each change, so it is read
 * afresh whenever a history panel opens.
 */
export function useActivity(ventureId: string) {
  return useInfiniteQuery({ ...activityQueryOptions(ventureId), refetchOnMount: 'always' });
}
