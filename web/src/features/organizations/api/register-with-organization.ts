import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OrganizationRegistrationInput, RegisteredUser } from '../types';
import { organizationKeys, sessionQueryKey } from './query-keys';

/** Public branding is nobody's private data, so it survives the change of session (the page stays put). */
const KEPT_ROOTS: readonly unknown[] = [sessionQueryKey[0], organizationKeys.all[0]];

/** POST /api/organizations/{slug}/register: creates the account and opens its session. */
export function registerWithOrganization(
  slug: string,
  input: OrganizationRegistrationInput,
): Promise<RegisteredUser> {
  return api.post<RegisteredUser>(`/api/organizations/${encodeURIComponent(slug)}/register`, input);
}

/**
 * Registers through the organization. The server signed the new user in, so the answer becomes the
 * session user; every other user-specific cached entry belonged to the previous session and is dropped.
 */
export function useRegisterWithOrganization(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationRegistrationInput) => registerWithOrganization(slug, input),
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (query) => !KEPT_ROOTS.includes(query.queryKey[0]) });
      queryClient.setQueryData(sessionQueryKey, user);
    },
  });
}
