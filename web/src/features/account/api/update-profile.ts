import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeSessionUser } from '../../../entities/session-user/get-session-user';
import type { SessionUser } from '../../../entities/session-user/types';
import { api } from '../../../lib/api-client';
import type { ProfileChanges } from '../types';

/** PATCH /api/user/profile; answers the updated user. */
export function updateProfile(changes: ProfileChanges): Promise<SessionUser> {
  return api.patch<SessionUser>('/api/user/profile', changes);
}

/** Saves the profile; the answered user replaces the session entry, so every view of the user follows. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => writeSessionUser(queryClient, user),
  });
}
