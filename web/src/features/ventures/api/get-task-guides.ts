import type { RouteAnswer, ventureApi } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The 50 built-in guides (ids 1-50); public and cacheable. */
export function getTaskGuides(signal?: AbortSignal): Promise<RouteAnswer<typeof ventureApi.listTaskGuides>> {
  return api.get('/api/task-guides', { signal });
}

export function taskGuidesQueryOptions() {
  return queryOptions({
    // Public, the same for every user: kept apart from the ventures.
    queryKey: ['task-guides', 'list'] as const,
    queryFn: ({ signal }) => getTaskGuides(signal),
    // Looking a guide up by id is what every task card does.
    select: (guides) => new Map(guides.map((guide) => [guide.id, guide])),
  });
}

/** The guides by id; a task has a guide when its taskId is a key. */
export function useTaskGuides() {
  return useQuery(taskGuidesQueryOptions());
}
