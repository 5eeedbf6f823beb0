import {
  openPrerequisitesFromDetails,
  type OpenPrerequisite,
  type RouteAnswer,
  type TaskStatus,
  type VentureDetail,
  type ventureApi,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { withTask, withTaskStatus } from '../venture-updates';
import { ventureQueryOptions } from './get-venture';
import { venturesQueryOptions } from './get-ventures';

export interface UpdateTaskStatusInput {
  /** The venture task's id. */
  taskId: string;
  status: TaskStatus;
}

/** Moves a task to another status (spec §4, §7). */
export function updateTaskStatus({
  taskId,
  status,
}: UpdateTaskStatusInput): Promise<RouteAnswer<typeof ventureApi.changeTaskStatus>> {
  return api.patch(`/api/venture-tasks/${encodeURIComponent(taskId)}`, { status });
}

/**
 * The open prerequisites of a 409 `TASK.PREREQUISITES_OPEN` (issue 17: completing a task whose prerequisites
 * are not done); null for any other failure.
 */
export function prerequisitesOpenOf(error: unknown): OpenPrerequisite[] | null {
  if (!isApiError(error) || error.status !== CONFLICT) return null;
  const body = error.body as { code?: unknown; details?: unknown } | undefined;
  if (body?.code !== 'TASK.PREREQUISITES_OPEN') return null;
  // Read without zod: the roadmap would otherwise load every venture route's schema for this one answer.
  return openPrerequisitesFromDetails(body.details);
}

/** 409: the task's status on the server is not the one this page showed. */
const CONFLICT = 409;
/** 403: the member's role was lowered since the page loaded (issue 16): reading the venture hides the buttons. */
const FORBIDDEN = 403;

/**
 * A task status change on the roadmap of `ventureId`, shown at once (spec §4: the badge
 * shows the new status optimistically) and put back if the server refuses it. Only the
 * changed task is touched in the cache, so changes to several tasks in flight at the same
 * time never undo each other.
 */
export function useUpdateTaskStatus(ventureId: string) {
  const queryClient = useQueryClient();
  const detailKey = ventureQueryOptions(ventureId).queryKey;
  const mutationKey = [...detailKey, 'task-status'] as const;

  return useMutation({
    mutationKey,
    mutationFn: updateTaskStatus,
    onMutate: async ({ taskId, status }) => {
      // A load that started before the change must not overwrite it when it lands.
      await queryClient.cancelQueries({ queryKey: detailKey });
      const previousStatus = queryClient
        .getQueryData<VentureDetail>(detailKey)
        ?.tasks.find((task) => task.id === taskId)?.status;
      queryClient.setQueryData<VentureDetail>(
        detailKey,
        (venture) => venture && withTaskStatus(venture, taskId, status),
      );
      return { previousStatus };
    },
    onError: async (error, { taskId }, context) => {
      const previousStatus = context?.previousStatus;
      if (previousStatus !== undefined) {
        queryClient.setQueryData<VentureDetail>(
          detailKey,
          (venture) => venture && withTaskStatus(venture, taskId, previousStatus),
        );
      }
      // The task changed elsewhere (another tab), or the member may no longer change it: show what the
      // server holds, once nothing else of ours is in flight.
      const stale = isApiError(error) && (error.status === CONFLICT || error.status === FORBIDDEN);
      if (stale && queryClient.isMutating({ mutationKey }) <= 1) {
        await queryClient.invalidateQueries({ queryKey: detailKey });
      }
    },
    onSuccess: (result) => {
      queryClient.setQueryData<VentureDetail>(
        detailKey,
        (venture) => venture && withTask(venture, result.task),
      );
    },
    // Venture lists carry progress too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: venturesQueryOptions().queryKey }),
  });
}
