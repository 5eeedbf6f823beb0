import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSessionUser } from '../../../entities/session-user/get-session-user';
import type { SessionUser } from '../../../entities/session-user/types';
import type { LoginInput } from '../types';

export function login(input: LoginInput): Promise<SessionUser> {
  return api.post<SessionUser>('/api/login', input);
}

/** Signs in; on success the answered user becomes the session user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
