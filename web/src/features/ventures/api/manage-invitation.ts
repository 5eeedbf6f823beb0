import type { RouteAnswer, ventureTeamApi } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invitationsQueryOptions } from './get-invitations';

function invitationPath(ventureId: string, invitationId: string): string {
  return `/api/ventures/${encodeURIComponent(ventureId)}/invitations/${encodeURIComponent(invitationId)}`;
}

/** POST …/invitations/{invitationId}/resend (owners): a new link, the old one stops working. */
export function resendInvitation(
  ventureId: string,
  invitationId: string,
): Promise<RouteAnswer<typeof ventureTeamApi.resendInvitation>> {
  return api.post(`${invitationPath(ventureId, invitationId)}/resend`);
}

/** DELETE …/invitations/{invitationId} (owners): the link stops working. */
export function revokeInvitation(
  ventureId: string,
  invitationId: string,
): Promise<RouteAnswer<typeof ventureTeamApi.revokeInvitation>> {
  return api.delete(invitationPath(ventureId, invitationId));
}

export function useResendInvitation(ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => resendInvitation(ventureId, invitationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(ventureId).queryKey }),
  });
}

export function useRevokeInvitation(ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(ventureId, invitationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(ventureId).queryKey }),
  });
}
