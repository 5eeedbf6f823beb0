import type { RouteAnswer, ventureTeamApi } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ventureDetailKey } from '../../../entities/venture/venture-queries';
import { api } from '../../../lib/api-client';

/** GET /api/ventures/{id}/invitations (owners): the pending invitations, newest first. */
export function getInvitations(
  ventureId: string,
  signal?: AbortSignal,
): Promise<RouteAnswer<typeof ventureTeamApi.listInvitations>> {
  return api.get(`/api/ventures/${encodeURIComponent(ventureId)}/invitations`, { signal });
}

export function invitationsQueryOptions(ventureId: string) {
  return queryOptions({
    queryKey: [...ventureDetailKey(ventureId), 'invitations'] as const,
    queryFn: ({ signal }) => getInvitations(ventureId, signal),
  });
}

export function useInvitations(ventureId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...invitationsQueryOptions(ventureId), enabled });
}
