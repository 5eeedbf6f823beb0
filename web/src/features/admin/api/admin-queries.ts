import type { adminApi, RouteAnswer } from '@app/contracts';
import { queryOptions, useQuery, type QueryFilters } from '@tanstack/react-query';
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

export const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: [...ROOT, 'users'] as const,
    queryFn: get<RouteAnswer<typeof adminApi.listUsers>>('/api/admin/users'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminVenturesQueryOptions = () =>
  queryOptions({
    queryKey: [...ROOT, 'ventures'] as const,
    queryFn: get<RouteAnswer<typeof adminApi.listVentures>>('/api/admin/ventures'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: [...ROOT, 'templates'] as const,
    queryFn: get<RouteAnswer<typeof adminApi.listTemplates>>('/api/admin/tasks-master'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: [...ROOT, 'organizations'] as const,
    queryFn: get<RouteAnswer<typeof adminApi.listOrganizations>>('/api/admin/organizations'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminOrganizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminOrganizationsQueryOptions().queryKey, id] as const,
    queryFn: get<AdminOrganization>(`/api/admin/organizations/${encodeURIComponent(id)}`),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminContactMessagesQueryOptions = () =>
  queryOptions({
    queryKey: [...ROOT, 'contact-messages'] as const,
    queryFn: get<RouteAnswer<typeof adminApi.listContactMessages>>('/api/admin/contact-messages'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminAuditQueryOptions = () =>
  queryOptions({
    queryKey: [...ROOT, 'audit'] as const,
    queryFn: get<RouteAnswer<typeof adminApi.listAudit>>('/api/admin/audit'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
export const useAdminUsers = () => useQuery(adminUsersQueryOptions());
export const useAdminVentures = () => useQuery(adminVenturesQueryOptions());
export const useAdminTemplates = () => useQuery(adminTemplatesQueryOptions());
export const useAdminOrganizations = () => useQuery(adminOrganizationsQueryOptions());
export const useAdminOrganization = (id: string) => useQuery(adminOrganizationQueryOptions(id));
export const useAdminContactMessages = () => useQuery(adminContactMessagesQueryOptions());
export const useAdminAudit = () => useQuery(adminAuditQueryOptions());
