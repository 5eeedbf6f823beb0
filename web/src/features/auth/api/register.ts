import type { authApi, RouteAnswer, RouteBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSessionUser } from '../../../entities/session-user/get-session-user';
import { currentLanguage } from '../../../i18n/i18n';
import { api } from '../../../lib/api-client';

/** The new account reads the app, and gets its e-mails, in the language the visitor was reading (issue 21). */
export function register(
  input: RouteBody<typeof authApi.register>,
): Promise<RouteAnswer<typeof authApi.register>> {
  return api.post('/api/register', { language: currentLanguage(), ...input });
}

/** Creates an account; the server signs the new user in, so it becomes the session user. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
