import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RecoveryAnswer } from './request-password-reset';

/** Sets a new password with the single-use token from the reset link. */
export function resetPassword(input: { token: string; password: string }): Promise<RecoveryAnswer> {
  return api.post<RecoveryAnswer>('/api/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
