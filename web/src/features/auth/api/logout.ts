import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { setSessionUser, writeSessionUser } from '../../../entities/session-user/get-session-user';
import { api } from '../../../lib/api-client';
import { authSearch } from '../../../lib/return-to';

export function logout(): Promise<void> {
  return api.post<void>('/api/logout');
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
    onSuccess: async () => {
      // Signed out first, so /auth (signed-out only) accepts the navigation; the previous
      // user's other cached data is dropped once their pages have been left.
      writeSessionUser(queryClient, null);
      await navigate(`${paths.auth.getHref()}${next === undefined ? '' : authSearch(next)}`, {
        replace: true,
      });
      setSessionUser(queryClient, null);
    },
  });
}
