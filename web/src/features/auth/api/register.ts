import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RegisterInput, User } from '../types';
import { setSessionUser } from './get-user';

export function register(input: RegisterInput): Promise<User> {
  return api.post<User>('/api/register', input);
}

/** Creates an account; the server signs the new user in, so it becomes the session user. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
