import type { OrgInvitationPreview, RouteAnswer, workspaceApi } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myOrganizationsQueryOptions } from '../../../entities/organization/get-my-organizations';
import { api } from '../../../lib/api-client';

/*
 * A staff invitation link's two calls (issue 18). The token travels in a POST body, never in an API URL
 * that a proxy would log.
 */

export function previewOrgInvitation(token: string): Promise<OrgInvitationPreview> {
  return api.post('/api/org-invitations/preview', { token });
}

/** Signing in or out drops it with every other query, so `viewer` is always the current session's. */
export function orgInvitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['workspaces', 'invitation-preview', token] as const,
    queryFn: () => previewOrgInvitation(token),
  });
}

export const useOrgInvitationPreview = (token: string) => useQuery(orgInvitationPreviewQueryOptions(token));

export function useAcceptOrgInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<RouteAnswer<typeof workspaceApi.acceptInvitation>>('/api/org-invitations/accept', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myOrganizationsQueryOptions().queryKey }),
  });
}
