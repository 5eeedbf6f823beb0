import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { sessionQueryKey } from './admin-keys';

interface SessionUser {
  id: string | number;
  username: string;
  isAdmin?: boolean | null;
}

/** GET /api/user: the signed-in user, or null when signed out (401), as the session lookup reads it. */
async function getSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const user = await api.get<SessionUser | null>('/api/user', { signal });
    return user !== null && typeof user === 'object' ? user : null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** The session entry itself: the router loaded it before the page rendered, so reading it costs no request. */
export function useSessionUser() {
  return useQuery(
    queryOptions({ queryKey: sessionQueryKey, queryFn: ({ signal }) => getSessionUser(signal) }),
  );
}
