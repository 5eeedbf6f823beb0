import type { RouteAnswer, TaskComment, ventureTeamApi } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ventureDetailKey } from '../../../entities/venture/venture-queries';
import { api } from '../../../lib/api-client';

/*
 * A task's comments (issue 16): one file for the four calls of one small resource, read and changed together
 * by the drawer's Comments tab.
 */

function commentsPath(taskId: string): string {
  return `/api/venture-tasks/${encodeURIComponent(taskId)}/comments`;
}

/** GET …/comments (any member): oldest first. */
export function getComments(
  taskId: string,
  signal?: AbortSignal,
): Promise<RouteAnswer<typeof ventureTeamApi.listComments>> {
  return api.get(commentsPath(taskId), { signal });
}

export function createComment(
  taskId: string,
  body: string,
): Promise<RouteAnswer<typeof ventureTeamApi.createComment>> {
  return api.post(commentsPath(taskId), { body });
}

export function updateComment(
  taskId: string,
  commentId: string,
  body: string,
): Promise<RouteAnswer<typeof ventureTeamApi.updateComment>> {
  return api.patch(`${commentsPath(taskId)}/${encodeURIComponent(commentId)}`, { body });
}

export function deleteComment(
  taskId: string,
  commentId: string,
): Promise<RouteAnswer<typeof ventureTeamApi.deleteComment>> {
  return api.delete(`${commentsPath(taskId)}/${encodeURIComponent(commentId)}`);
}

/** Under the venture's detail: leaving or losing the venture drops them with it. */
export function commentsQueryOptions(ventureId: string, taskId: string) {
  return queryOptions({
    queryKey: [...ventureDetailKey(ventureId), 'comments', taskId] as const,
    queryFn: ({ signal }) => getComments(taskId, signal),
  });
}

/** Read afresh whenever the drawer's Comments tab opens: others write too. */
export function useComments(ventureId: string, taskId: string) {
  return useQuery({ ...commentsQueryOptions(ventureId, taskId), refetchOnMount: 'always' });
}

function useCommentsCache(ventureId: string, taskId: string) {
  const queryClient = useQueryClient();
  const key = commentsQueryOptions(ventureId, taskId).queryKey;
  return (change: (comments: TaskComment[]) => TaskComment[]) =>
    queryClient.setQueryData<TaskComment[]>(key, (comments) => comments && change(comments));
}

export function useCreateComment(ventureId: string, taskId: string) {
  const update = useCommentsCache(ventureId, taskId);
  return useMutation({
    mutationFn: (body: string) => createComment(taskId, body),
    onSuccess: (comment) => update((comments) => [...comments, comment]),
  });
}

export function useUpdateComment(ventureId: string, taskId: string) {
  const update = useCommentsCache(ventureId, taskId);
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      updateComment(taskId, commentId, body),
    onSuccess: (changed) =>
      update((comments) => comments.map((comment) => (comment.id === changed.id ? changed : comment))),
  });
}

export function useDeleteComment(ventureId: string, taskId: string) {
  const update = useCommentsCache(ventureId, taskId);
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(taskId, commentId),
    onSuccess: (_answer, commentId) =>
      update((comments) => comments.filter((comment) => comment.id !== commentId)),
  });
}
