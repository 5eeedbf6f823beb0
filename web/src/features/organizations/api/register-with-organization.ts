import type { organizationApi, RouteAnswer, RouteBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { allOrganizationBrandings } from '../../../entities/organization/get-organization-by-slug';
import { setSessionUser } from '../../../entities/session-user/get-session-user';
import { api } from '../../../lib/api-client';

export type OrganizationRegistrationInput = RouteBody<typeof organizationApi.register>;

/** POST /api/organizations/{slug}/register: creates the account and opens its session. */
export function registerWithOrganization(
  slug: string,
  input: OrganizationRegistrationInput,
): Promise<RouteAnswer<typeof organizationApi.register>> {
  return api.post(`/api/organizations/${encodeURIComponent(slug)}/register`, input);
}

/**
 * Registers through the organization. The server signed the new user in, so the answer becomes the
 * session user; every other user-specific cached entry belonged to the previous session and is dropped.
 * Public branding is nobody's private data, so it survives the change of session (the page stays put).
 */
export function useRegisterWithOrganization(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationRegistrationInput) => registerWithOrganization(slug, input),
    onSuccess: (user) => setSessionUser(queryClient, user, { keep: [allOrganizationBrandings] }),
  });
}
