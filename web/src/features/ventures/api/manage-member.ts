import type { RouteAnswer, VentureRole, ventureTeamApi } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { allVentureQueries } from '../../../entities/venture/venture-queries';
import { api } from '../../../lib/api-client';
import { ventureQueryOptions } from './get-venture';
import { venturesQueryOptions } from './get-ventures';

function memberPath(ventureId: string, userId: string): string {
  return `/api/ventures/${encodeURIComponent(ventureId)}/members/${encodeURIComponent(userId)}`;
}

/** PATCH /api/ventures/{id}/members/{userId} (owners); the last owner keeps the role (409). */
export function changeMemberRole(
  ventureId: string,
  userId: string,
  role: VentureRole,
): Promise<RouteAnswer<typeof ventureTeamApi.changeMemberRole>> {
  return api.patch(memberPath(ventureId, userId), { role });
}

/** DELETE /api/ventures/{id}/members/{userId}: an owner removes a member, or a member leaves. */
export function removeMember(
  ventureId: string,
  userId: string,
): Promise<RouteAnswer<typeof ventureTeamApi.removeMember>> {
  return api.delete(memberPath(ventureId, userId));
}

export function useChangeMemberRole(ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: VentureRole }) =>
      changeMemberRole(ventureId, userId, role),
    // The roadmap's members (and, for one's own role, its controls) and the lists' roles follow.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ventureQueryOptions(ventureId).queryKey }),
        queryClient.invalidateQueries({ queryKey: venturesQueryOptions().queryKey }),
      ]),
  });
}

export function useRemoveMember(ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(ventureId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ventureQueryOptions(ventureId).queryKey }),
  });
}

/** Leaving: the venture is no longer one's own to see, so every venture screen starts afresh. */
export function useLeaveVenture(ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(ventureId, userId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ventureQueryOptions(ventureId).queryKey });
      return queryClient.invalidateQueries(allVentureQueries);
    },
  });
}
