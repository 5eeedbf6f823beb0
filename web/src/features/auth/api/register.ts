import type { authApi, RouteAnswer, RouteBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSessionUser } from '../../../entities/session-user/get-session-user';
import { api } from '../../../lib/api-client';

export function register(
  input: RouteBody<typeof authApi.register>,
): Promise<RouteAnswer<typeof authApi.register>> {
  return api.post('/api/register', input);
}

/** Creates an account; the server signs the new user in, so it becomes the session user. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
