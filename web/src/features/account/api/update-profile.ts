import type { authApi, RouteAnswer, RouteBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeSessionUser } from '../../../entities/session-user/get-session-user';
import { api } from '../../../lib/api-client';

/** PATCH /api/user/profile; answers the updated user. */
export function updateProfile(
  changes: RouteBody<typeof authApi.updateProfile>,
): Promise<RouteAnswer<typeof authApi.updateProfile>> {
  return api.patch('/api/user/profile', changes);
}

/** Saves the profile; the answered user replaces the session entry, so every view of the user follows. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => writeSessionUser(queryClient, user),
  });
}
