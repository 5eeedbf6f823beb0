import type { RouteAnswer, RouteBody, VentureDetail, venturePlanApi } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { withTask } from '../venture-updates';
import { ventureQueryOptions } from './get-venture';

export type SetTaskDatesInput = RouteBody<typeof venturePlanApi.setTaskDates> & { taskId: string };

/** PUT /api/venture-tasks/{id}/dates (editors and owners): both dates, null clears one. */
export function setTaskDates({
  taskId,
  ...dates
}: SetTaskDatesInput): Promise<RouteAnswer<typeof venturePlanApi.setTaskDates>> {
  return api.put(`/api/venture-tasks/${encodeURIComponent(taskId)}/dates`, dates);
}

/** Sets a task's dates on `ventureId`'s roadmap; the card, the timeline and the drawer show the answer. */
export function useSetTaskDates(ventureId: string) {
  const queryClient = useQueryClient();
  const detailKey = ventureQueryOptions(ventureId).queryKey;
  return useMutation({
    mutationFn: setTaskDates,
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
