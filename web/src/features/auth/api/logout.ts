import type { authApi, RouteAnswer } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { setSessionUser, writeSessionUser } from '../../../entities/session-user/get-session-user';
import { api } from '../../../lib/api-client';
import { authSearch } from '../../../lib/return-to';

export function logout(): Promise<RouteAnswer<typeof authApi.logout> | undefined> {
  return api.post('/api/logout');
}

/** What /auth is told after a sign-out (issue 19: the provider's end-session URL after an SSO sign-in). */
export interface SignedOutState {
  endSessionUrl?: string;
}

/**
 * Signs out: the session user becomes null and the browser goes to /auth (spec §4). With `next` (an
 * invitation opened with the wrong account), /auth then returns there, in sign-in mode.
 */
export function useLogout({ next }: { next?: string } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async (answer) => {
      // Signed out first, so /auth (signed-out only) accepts the navigation; the previous
      // user's other cached data is dropped once their pages have been left.
      writeSessionUser(queryClient, null);
      const state: SignedOutState = answer?.endSessionUrl ? { endSessionUrl: answer.endSessionUrl } : {};
      await navigate(`${paths.auth.getHref()}${next === undefined ? '' : authSearch(next)}`, {
        replace: true,
        state,
      });
      setSessionUser(queryClient, null);
    },
  });
}
