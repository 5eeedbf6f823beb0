import type { RouteAnswer, VentureDetail, venturePlanApi } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { withTask } from '../venture-updates';
import { ventureQueryOptions } from './get-venture';

export interface SetTaskPrerequisitesInput {
  taskId: string;
  /** The whole list: it replaces the task's prerequisites. */
  prerequisiteIds: string[];
}

/** PUT /api/venture-tasks/{id}/prerequisites (editors and owners). */
export function setTaskPrerequisites({
  taskId,
  prerequisiteIds,
}: SetTaskPrerequisitesInput): Promise<RouteAnswer<typeof venturePlanApi.setTaskPrerequisites>> {
  return api.put(`/api/venture-tasks/${encodeURIComponent(taskId)}/prerequisites`, { prerequisiteIds });
}

/** Replaces a task's prerequisites on `ventureId`'s roadmap; the drawer and the Next up hint follow. */
export function useSetTaskPrerequisites(ventureId: string) {
  const queryClient = useQueryClient();
  const detailKey = ventureQueryOptions(ventureId).queryKey;
  return useMutation({
    mutationFn: setTaskPrerequisites,
    onSuccess: (task) => {
      queryClient.setQueryData<VentureDetail>(detailKey, (venture) => venture && withTask(venture, task));
    },
    // 409: the task changed meanwhile (another member, another tab): show what the server holds now.
    onError: async (error) => {
      if (isApiError(error) && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: detailKey });
      }
    },
  });
}
