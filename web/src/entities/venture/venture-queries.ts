import type { QueryFilters } from '@tanstack/react-query';

/*
 * The root of every venture query key. The ventures feature builds its keys on it (list, detail,
 * invitations) and the activity feature its history of a venture, so one filter reaches them all: a user
 * who accepts an invitation or leaves a venture sees every venture screen afresh.
 */
export const VENTURE_QUERY_ROOT = 'ventures';

/** The detail of one venture and everything under it (its invitations, its activity). */
export function ventureDetailKey(ventureId: string) {
  return [VENTURE_QUERY_ROOT, 'detail', ventureId] as const;
}

/** Every cached venture query: lists, details, invitations, activity. */
export const allVentureQueries = { queryKey: [VENTURE_QUERY_ROOT] } as const satisfies QueryFilters;
