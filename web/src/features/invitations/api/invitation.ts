import type { RouteAnswer, ventureTeamApi } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allVentureQueries } from '../../../entities/venture/venture-queries';
import { api } from '../../../lib/api-client';

/*
 * An invitation link's two calls (issue 16). The token travels in a POST body, never in an API URL that a
 * proxy would log.
 */

export type InvitationPreview = RouteAnswer<typeof ventureTeamApi.previewInvitation>;

/** POST /api/invitations/preview (signed in or not): the venture, the inviter, the role, who is looking. */
export function previewInvitation(token: string): Promise<InvitationPreview> {
  return api.post('/api/invitations/preview', { token });
}

/** Signing in or out drops it with every other query, so `viewer` is always the current session's. */
export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitations', 'preview', token] as const,
    queryFn: () => previewInvitation(token),
  });
}

export function useInvitationPreview(token: string) {
  return useQuery(invitationPreviewQueryOptions(token));
}

/** POST /api/invitations/accept (signed in). */
export function acceptInvitation(
  token: string,
  acceptAsDifferentEmail: boolean,
): Promise<RouteAnswer<typeof ventureTeamApi.acceptInvitation>> {
  return api.post(
    '/api/invitations/accept',
    acceptAsDifferentEmail ? { token, acceptAsDifferentEmail } : { token },
  );
}

/** Accepting adds a venture to the user's own: every venture screen is read afresh. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ acceptAsDifferentEmail = false }: { acceptAsDifferentEmail?: boolean } = {}) =>
      acceptInvitation(token, acceptAsDifferentEmail),
    onSuccess: () => queryClient.invalidateQueries(allVentureQueries),
  });
}
