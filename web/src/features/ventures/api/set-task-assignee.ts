import type { RouteAnswer, VentureDetail, ventureTeamApi } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withTask } from '../venture-updates';
import { ventureQueryOptions } from './get-venture';

export interface SetTaskAssigneeInput {
  taskId: string;
  /** A member with the editor or owner role; null clears the assignee. */
  assigneeId: string | null;
}

/** PUT /api/venture-tasks/{id}/assignee (editors and owners). */
export function setTaskAssignee({
  taskId,
  assigneeId,
}: SetTaskAssigneeInput): Promise<RouteAnswer<typeof ventureTeamApi.setTaskAssignee>> {
  return api.put(`/api/venture-tasks/${encodeURIComponent(taskId)}/assignee`, { assigneeId });
}

/** Assigns a task of `ventureId`'s roadmap; the card shows the answer at once. */
export function useSetTaskAssignee(ventureId: string) {
  const queryClient = useQueryClient();
  const detailKey = ventureQueryOptions(ventureId).queryKey;
  return useMutation({
    mutationFn: setTaskAssignee,
    onSuccess: (task) => {
      queryClient.setQueryData<VentureDetail>(detailKey, (venture) => venture && withTask(venture, task));
    },
  });
}
