import type { authApi, RouteAnswer, RouteBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/user/change-password. The server ends the user's other sessions and keeps this one, so
 * nothing cached changes.
 */
export function changePassword(
  input: RouteBody<typeof authApi.changePassword>,
): Promise<RouteAnswer<typeof authApi.changePassword>> {
  return api.post('/api/user/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
