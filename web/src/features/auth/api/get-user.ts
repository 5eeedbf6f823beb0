import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import type { User } from '../types';

/** The session query's key is its GET path (spec §7: the default query function convention). */
export const sessionQueryKey = ['/api/user'] as const;

/** The current user, or null when signed out (401). Other failures throw. */
export async function getUser(signal?: AbortSignal): Promise<User | null> {
  try {
    const user = await api.get<User | null>('/api/user', { signal });
    return user !== null && typeof user === 'object' ? user : null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function userQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getUser(signal),
  });
}

export interface Session {
  /** Null when signed out, including when the session lookup failed (spec §4). */
  user: User | null;
  isLoading: boolean;
}

export function useUser(): Session {
  const query = useQuery(userQueryOptions());
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** Loads the session once (cached afterwards); any failure counts as signed out. */
export async function loadSessionUser(queryClient: QueryClient): Promise<User | null> {
  try {
    return await queryClient.ensureQueryData(userQueryOptions());
  } catch {
    return null;
  }
}

function isSessionKey(queryKey: readonly unknown[]): boolean {
  return queryKey.length === sessionQueryKey.length && queryKey[0] === sessionQueryKey[0];
}

/**
 * Records who is signed in. Every other cached query belonged to the previous session,
 * so it is dropped: the next user must never see the last user's data.
 */
export function setSessionUser(queryClient: QueryClient, user: User | null): void {
  queryClient.removeQueries({ predicate: (query) => !isSessionKey(query.queryKey) });
  queryClient.setQueryData(sessionQueryKey, user);
}
