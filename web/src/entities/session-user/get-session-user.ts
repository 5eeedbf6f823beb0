import type { authApi, RouteAnswer } from '@app/contracts';
import {
  matchQuery,
  queryOptions,
  useQuery,
  type QueryClient,
  type QueryFilters,
} from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The signed-in user, as every auth call answers it (spec §3 "User"). */
export type SessionUser = RouteAnswer<typeof authApi.getUser>;

/*
 * The session: who is signed in. The one fetcher, query key and type of the current user; every screen
 * that shows or checks the user reads this entry, and every change of session goes through this file.
 */

/** `authApi.getSession`'s path, checked against the contract by type only (the entry carries no zod). */
const SESSION_PATH: (typeof authApi)['getSession']['path'] = '/api/session';

/**
 * GET /api/session: the signed-in user, or null for a visitor (an answer, not a 401: a visitor's page load
 * logs no failed request). Failures throw.
 */
export async function getSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  const { user } = await api.get<RouteAnswer<typeof authApi.getSession>>(SESSION_PATH, { signal });
  return user;
}

/** The key is the GET path (spec §7: the default query function's convention). */
export function sessionUserQueryOptions() {
  return queryOptions({
    queryKey: [SESSION_PATH] as const,
    queryFn: ({ signal }) => getSessionUser(signal),
  });
}

/**
 * The session entry. The router loads it before any page renders, so reading it costs no request;
 * `data` is null when signed out, including when the session lookup failed (spec §4).
 */
export function useSessionUser() {
  return useQuery(sessionUserQueryOptions());
}

/** Loads the session once (cached afterwards); any failure counts as signed out. */
export async function loadSessionUser(queryClient: QueryClient): Promise<SessionUser | null> {
  try {
    return await queryClient.ensureQueryData(sessionUserQueryOptions());
  } catch {
    return null;
  }
}

/**
 * Writes the session entry alone: the profile's new values, or signed out (null) before leaving a page
 * whose other queries would refetch if they were dropped while it is still shown.
 */
export function writeSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData(sessionUserQueryOptions().queryKey, user);
}

export interface SessionChangeOptions {
  /** Public data to keep (e.g. the organization page on screen): nobody's private data. */
  keep?: readonly QueryFilters[];
}

/**
 * Records who is signed in. Every other cached query belonged to the previous session, so it is
 * dropped: the next user must never see the last user's data.
 */
export function setSessionUser(
  queryClient: QueryClient,
  user: SessionUser | null,
  { keep = [] }: SessionChangeOptions = {},
): void {
  const session = { queryKey: sessionUserQueryOptions().queryKey, exact: true } satisfies QueryFilters;
  queryClient.removeQueries({
    predicate: (query) => ![session, ...keep].some((filters) => matchQuery(filters, query)),
  });
  writeSessionUser(queryClient, user);
}
