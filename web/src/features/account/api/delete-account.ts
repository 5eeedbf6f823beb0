import type { authApi, RouteAnswer, RouteBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { setSessionUser, writeSessionUser } from '../../../entities/session-user/get-session-user';
import { request } from '../../../lib/api-client';

/** DELETE /api/user/account with the password as proof; the server ends every session of the user. */
export function deleteAccount(password: string): Promise<RouteAnswer<typeof authApi.deleteAccount>> {
  return request('DELETE', '/api/user/account', { password } satisfies RouteBody<
    typeof authApi.deleteAccount
  >);
}

/**
 * Deletes the account. Afterwards the user is signed out and lands on `/` (the landing page), and nothing
 * of theirs stays cached.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      // Signed out first, so the header turns to the visitor's and `/` renders the landing page; the
      // rest of the cache is dropped once this page (whose queries would otherwise refetch) is gone.
      writeSessionUser(queryClient, null);
      await navigate(paths.home.getHref(), { replace: true });
      setSessionUser(queryClient, null);
    },
  });
}
