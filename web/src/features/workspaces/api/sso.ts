import type { RouteAnswer, RouteBody, SsoSettings, SsoTestResult, ssoSettingsApi } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workspaceKeys } from './workspace-queries';

/*
 * Issue 19: the organization's single sign-on settings (org admins). The client secret is write-only: the
 * answers only say whether one is set.
 */

const base = (slug: string) => `/api/orgs/${encodeURIComponent(slug)}/sso`;

export type SsoConnectionInput = RouteBody<typeof ssoSettingsApi.putSso>;

export const ssoKeys = { settings: (slug: string) => [...workspaceKeys.all(slug), 'sso'] as const };

export function ssoSettingsQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ssoKeys.settings(slug),
    queryFn: ({ signal }) => api.get<SsoSettings>(base(slug), { signal }),
  });
}
export const useSsoSettings = (slug: string) => useQuery(ssoSettingsQueryOptions(slug));

export function useSaveSso(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoConnectionInput) =>
      api.put<RouteAnswer<typeof ssoSettingsApi.putSso>>(base(slug), input),
    onSuccess: (settings) => queryClient.setQueryData(ssoKeys.settings(slug), settings),
    // The audit log shows the change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.audit(slug) }),
  });
}

export function useDeleteSso(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(base(slug)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ssoKeys.settings(slug) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.audit(slug) }),
      ]),
  });
}

export type SsoTestInput = RouteBody<typeof ssoSettingsApi.testSso>;

/** "Test connection": OpenID discovery for an issuer, or SAML metadata (pasted or by URL) read and checked. */
export const useTestSso = (slug: string) =>
  useMutation({
    mutationFn: (input: SsoTestInput) => api.post<SsoTestResult>(`${base(slug)}/test`, input),
  });
