import type { authApi, RouteAnswer, RouteBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSessionUser } from '../../../entities/session-user/get-session-user';
import { api } from '../../../lib/api-client';

export type LoginInput = RouteBody<typeof authApi.login>;

export function login(input: LoginInput): Promise<RouteAnswer<typeof authApi.login>> {
  return api.post('/api/login', input);
}

/** Signs in; on success the answered user becomes the session user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
