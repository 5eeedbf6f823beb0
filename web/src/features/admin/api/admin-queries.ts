import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_STALE_TIME_MS } from '../../../lib/query-client';
import type {
  AdminOrganization,
  AdminStats,
  AdminUser,
  AdminVenture,
  AuditEntry,
  ContactMessage,
  TaskTemplate,
} from '../types';
import { adminKeys } from './admin-keys';

/*
 * The dashboard's reads (spec §7 "Admin"). Each stays fresh for 60 000 ms (spec §4) unless a change made
 * here invalidates it, or Refresh Data does.
 */

const get =
  <T>(path: string) =>
  ({ signal }: { signal: AbortSignal }) =>
    api.get<T>(path, { signal });

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: get<AdminStats>('/api/admin/stats'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.users(),
    queryFn: get<AdminUser[]>('/api/admin/users'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminVenturesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.ventures(),
    queryFn: get<AdminVenture[]>('/api/admin/ventures'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.templates(),
    queryFn: get<TaskTemplate[]>('/api/admin/tasks-master'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.organizations(),
    queryFn: get<AdminOrganization[]>('/api/admin/organizations'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminOrganizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.organization(id),
    queryFn: get<AdminOrganization>(`/api/admin/organizations/${encodeURIComponent(id)}`),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminContactMessagesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.contactMessages(),
    queryFn: get<ContactMessage[]>('/api/admin/contact-messages'),
    staleTime: ADMIN_STALE_TIME_MS,
  });

export const adminAuditQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.audit(),
    queryFn: get<AuditEntry[]>('/api/admin/audit'),
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
