import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { writeSessionUser } from '../entities/session-user/get-session-user';
import { isSessionEnded } from '../lib/api-client';
import { authSearch } from '../lib/return-to';
import { requestToast } from '../lib/toast-store';
import { TOAST_SECONDS } from '../lib/toast-options';
import { msg, translate } from '../i18n/i18n';

export const SESSION_ENDED_TOAST = {
  title: msg('Your session has ended'),
  description: msg('Please sign in again. You will come back to this page.'),
} as const;

/**
 * Issue 20: a call answered 401 because the session is gone (it expired, or the user signed out in another
 * tab): say so once, forget the user, and go to sign in with a way back to the page they were on. Returns
 * the unsubscribe function.
 */
export function watchSessionEnded(
  queryClient: QueryClient,
  navigate: (to: string) => unknown,
  location: () => { pathname: string; search: string } = () => window.location,
): () => void {
  let redirecting = false;
  const onError = (error: unknown) => {
    if (!isSessionEnded(error) || redirecting) return;
    const { pathname, search } = location();
    if (pathname === paths.auth.getHref()) return;
    redirecting = true;
    requestToast({
      type: 'info',
      title: translate(SESSION_ENDED_TOAST.title),
      description: translate(SESSION_ENDED_TOAST.description),
      duration: TOAST_SECONDS.long,
    });
    writeSessionUser(queryClient, null);
    void Promise.resolve(navigate(`${paths.auth.getHref()}${authSearch(`${pathname}${search}`)}`)).finally(
      () => {
        redirecting = false;
      },
    );
  };
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
  });
  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
  });
  return () => {
    unsubscribeMutations();
    unsubscribeQueries();
  };
}
