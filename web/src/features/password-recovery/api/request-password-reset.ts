import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface RecoveryAnswer {
  success: boolean;
  message?: string;
}

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(input: { username: string }): Promise<RecoveryAnswer> {
  return api.post<RecoveryAnswer>('/api/forgot-password', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
