import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AccountUser, ProfileChanges } from '../types';
import { sessionQueryKey } from './query-keys';

/** PATCH /api/user/profile; answers the updated user. */
export function updateProfile(changes: ProfileChanges): Promise<AccountUser> {
  return api.patch<AccountUser>('/api/user/profile', changes);
}

/** Saves the profile; the answered user replaces the session entry, so every view of the user follows. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
