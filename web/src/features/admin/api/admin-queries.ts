import { PAGE_SIZE, type adminApi, type RouteAnswer } from '@app/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryFilters,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_STALE_TIME_MS } from '../../../lib/query-client';

/*
 * The dashboard's reads (spec §7 "Admin"). Each stays fresh for 60 000 ms (spec §4) unless a change made
 * here invalidates it, or Refresh Data does. Every key starts with the admin root, so Refresh Data
 * (`allAdminQueries`) reaches them all.
 */

const ROOT = ['admin'] as const;

/** Every query of the dashboard: what Refresh Data refetches. */
export const allAdminQueries = { queryKey: ROOT } satisfies QueryFilters;

/** An organization with how many users registered through it (the list's rows and the edit page). */
export type AdminOrganization = RouteAnswer<typeof adminApi.getOrganization>;

const get =
  <T>(path: string) =>
  ({ signal }: { signal: AbortSignal }) =>
    api.get<T>(path, { signal });

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...ROOT, 'stats'] as const,
    queryFn: get<RouteAnswer<typeof adminApi.stats>>('/api/admin/stats'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: [...ROOT, 'templates'] as const,
    queryFn: get<RouteAnswer<typeof adminApi.listTemplates>>('/api/admin/tasks-master'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminOrganizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_LIST_KEYS.organizations, 'detail', id] as const,
    queryFn: get<AdminOrganization>(`/api/admin/organizations/${encodeURIComponent(id)}`),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminAuditQueryOptions = () =>
  queryOptions({
    queryKey: [...ROOT, 'audit'] as const,
    queryFn: get<RouteAnswer<typeof adminApi.listAudit>>('/api/admin/audit'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
export const useAdminTemplates = () => useQuery(adminTemplatesQueryOptions());
export const useAdminOrganization = (id: string) => useQuery(adminOrganizationQueryOptions(id));
export const useAdminAudit = () => useQuery(adminAuditQueryOptions());

// ---- The paged lists (issue 18) ---------------------------------------------------------------------------

/**
 * Users, ventures, organizations and contact messages come in cursor pages, newest first, searched on the
 * server: each search is its own cached list (`['admin', name, 'list', { q }]`), whose pages "Load more" adds
 * one request at a time. Changes invalidate a list's root, so every search of it is read again.
 */
export const ADMIN_LIST_KEYS = {
  users: [...ROOT, 'users'],
  ventures: [...ROOT, 'ventures'],
  organizations: [...ROOT, 'organizations'],
  messages: [...ROOT, 'messages'],
} as const;

export type AdminListName = keyof typeof ADMIN_LIST_KEYS;

const LIST_PATHS = {
  users: '/api/admin/users',
  ventures: '/api/admin/ventures',
  organizations: '/api/admin/organizations',
  messages: '/api/admin/contact-messages',
} as const;

type AdminListPage = {
  users: RouteAnswer<typeof adminApi.listUsers>;
  ventures: RouteAnswer<typeof adminApi.listVentures>;
  organizations: RouteAnswer<typeof adminApi.listOrganizations>;
  messages: RouteAnswer<typeof adminApi.listContactMessages>;
};

/** The path of one page: the list's first page without a cursor, an empty search left out. */
export function adminListPagePath(name: AdminListName, q: string, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE.default) });
  if (q !== '') params.set('q', q);
  if (cursor !== null) params.set('cursor', cursor);
  return `${LIST_PATHS[name]}?${params.toString()}`;
}

export const adminListQueryOptions = <N extends AdminListName>(name: N, q = '') =>
  infiniteQueryOptions({
    queryKey: [...ROOT, name, 'list', { q }] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get<AdminListPage[N]>(adminListPagePath(name, q, pageParam), { signal }),
    initialPageParam: null as string | null,
    // Null on the last page: then there is no next page.
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const useAdminList = <N extends AdminListName>(name: N, q = '') =>
  useInfiniteQuery(adminListQueryOptions(name, q));

/** Every row of the pages loaded so far, in order. */
export function loadedRows<T>(data: { pages: ReadonlyArray<{ items: T[] }> } | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}
