import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { setSessionUser, writeSessionUser } from '../../../entities/session-user/get-session-user';
import { api } from '../../../lib/api-client';

export function logout(): Promise<void> {
  return api.post<void>('/api/logout');
}

/** Signs out: the session user becomes null and the browser goes to /auth (spec §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // Signed out first, so /auth (signed-out only) accepts the navigation; the previous
      // user's other cached data is dropped once their pages have been left.
      writeSessionUser(queryClient, null);
      await navigate(paths.auth.getHref(), { replace: true });
      setSessionUser(queryClient, null);
    },
  });
}
