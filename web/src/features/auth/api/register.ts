import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSessionUser } from '../../../entities/session-user/get-session-user';
import type { SessionUser } from '../../../entities/session-user/types';
import type { RegisterInput } from '../types';

export function register(input: RegisterInput): Promise<SessionUser> {
  return api.post<SessionUser>('/api/register', input);
}

/** Creates an account; the server signs the new user in, so it becomes the session user. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
