import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { LoginInput, User } from '../types';
import { setSessionUser } from './get-user';

export function login(input: LoginInput): Promise<User> {
  return api.post<User>('/api/login', input);
}

/** Signs in; on success the answered user becomes the session user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
