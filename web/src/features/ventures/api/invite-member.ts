import type { RouteAnswer, RouteBody, ventureTeamApi } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invitationsQueryOptions } from './get-invitations';

export type InviteMemberInput = RouteBody<typeof ventureTeamApi.createInvitation>;

/** POST /api/ventures/{id}/invitations (owners): an e-mail with a 7-day link. */
export function inviteMember(
  ventureId: string,
  input: InviteMemberInput,
): Promise<RouteAnswer<typeof ventureTeamApi.createInvitation>> {
  return api.post(`/api/ventures/${encodeURIComponent(ventureId)}/invitations`, input);
}

export function useInviteMember(ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMemberInput) => inviteMember(ventureId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(ventureId).queryKey }),
  });
}
