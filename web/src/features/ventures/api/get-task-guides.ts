import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TaskGuide } from '../types';
import { taskGuideKeys } from './venture-keys';

/** The 50 built-in guides (ids 1-50); public and cacheable. */
export function getTaskGuides(signal?: AbortSignal): Promise<TaskGuide[]> {
  return api.get<TaskGuide[]>('/api/task-guides', { signal });
}

export function taskGuidesQueryOptions() {
  return queryOptions({
    queryKey: taskGuideKeys.lists(),
    queryFn: ({ signal }) => getTaskGuides(signal),
    // Looking a guide up by id is what every task card does.
    select: (guides) => new Map(guides.map((guide) => [guide.id, guide])),
  });
}

/** The guides by id; a task has a guide when its taskId is a key. */
export function useTaskGuides() {
  return useQuery(taskGuidesQueryOptions());
}
