import type { orgTemplateApi, RouteAnswer, TaskGuide, VentureDetail, ventureApi } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ventureDetailKey } from '../../../entities/venture/venture-queries';
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

/** A guide as a roadmap shows it: the organization's local resources with it (issue 18). */
export type RoadmapGuide = TaskGuide & { localResources?: string };

/** Issue 18: the guides of one venture's tasks, the organization's on top of the master guides. */
export function ventureGuidesQueryOptions(ventureId: string) {
  return queryOptions({
    queryKey: [...ventureDetailKey(ventureId), 'guides'] as const,
    queryFn: ({ signal }) =>
      api.get<RouteAnswer<typeof orgTemplateApi.listVentureGuides>>(
        `/api/ventures/${encodeURIComponent(ventureId)}/guides`,
        { signal },
      ),
    select: (guides) =>
      new Map<number, RoadmapGuide>(
        guides.map((guide) => [
          guide.taskId,
          {
            id: guide.taskId,
            title: guide.title,
            category: guide.category as TaskGuide['category'],
            summary: guide.summary,
            why: guide.why,
            practices: guide.practices,
            proTip: guide.proTip,
            localResources: guide.localResources,
          },
        ]),
      ),
  });
}

/**
 * The guides a roadmap shows: the built-in ones (public, cached once for every venture), or, for a roadmap
 * that follows an organization template or has tasks an administrator added, the venture's own (one
 * request for all of its tasks).
 */
export function useRoadmapGuides(venture: VentureDetail) {
  const builtIn = useTaskGuides();
  const needsOwn =
    venture.template?.version != null ||
    (builtIn.data !== undefined && venture.tasks.some((task) => !builtIn.data.has(task.taskId)));
  const own = useQuery({ ...ventureGuidesQueryOptions(venture.id), enabled: needsOwn });
  const source = needsOwn ? own : builtIn;
  return {
    data: source.data as ReadonlyMap<number, RoadmapGuide> | undefined,
    isError: source.isError,
    isFetching: source.isFetching,
    refetch: () => void source.refetch(),
  };
}
