import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import type { AccountUser } from '../types';
import { sessionQueryKey } from './query-keys';

/** GET /api/user: the signed-in user, or null when signed out (401), as the session lookup reads it. */
export async function getAccountUser(signal?: AbortSignal): Promise<AccountUser | null> {
  try {
    const user = await api.get<AccountUser | null>('/api/user', { signal });
    return user !== null && typeof user === 'object' ? user : null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** The session entry itself: the router loaded it before this page rendered, so reading it costs no request. */
export function accountUserQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getAccountUser(signal),
  });
}

export function useAccountUser() {
  return useQuery(accountUserQueryOptions());
}
