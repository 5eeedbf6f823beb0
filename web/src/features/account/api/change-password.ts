import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PasswordChange } from '../types';

/**
 * POST /api/user/change-password. The server ends the user's other sessions and keeps this one, so
 * nothing cached changes.
 */
export function changePassword(input: PasswordChange): Promise<unknown> {
  return api.post<unknown>('/api/user/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
