import type { adminApi, RouteAnswer, RouteBody } from '@app/contracts';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { allOrganizationBrandings } from '../../../entities/organization/get-organization-by-slug';
import { sessionUserQueryOptions } from '../../../entities/session-user/get-session-user';
import { api } from '../../../lib/api-client';
import {
  ADMIN_LIST_KEYS,
  adminAuditQueryOptions,
  adminOrganizationQueryOptions,
  adminStatsQueryOptions,
  adminTemplatesQueryOptions,
} from './admin-queries';

/*
 * The dashboard's changes (spec §7 "Admin" and what it leaves open). Each invalidates what it changes, the
 * statistics and the audit log, so the numbers on screen follow without a reload.
 */

const id = (value: string | number) => encodeURIComponent(String(value));

export type NewUserInput = RouteBody<typeof adminApi.createUser>;
export type OrganizationInput = RouteBody<typeof adminApi.createOrganization>;
export type TaskTemplateInput = RouteBody<typeof adminApi.createTemplate>;

async function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

// ---- Users -------------------------------------------------------------------------------------------

// Organizations show how many users registered through them.
const USER_KEYS = [
  ADMIN_LIST_KEYS.users,
  adminStatsQueryOptions().queryKey,
  ADMIN_LIST_KEYS.organizations,
  adminAuditQueryOptions().queryKey,
];

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewUserInput) =>
      api.post<RouteAnswer<typeof adminApi.createUser>>('/api/admin/users', input),
    onSettled: () => invalidate(queryClient, USER_KEYS),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, changes }: { userId: string; changes: RouteBody<typeof adminApi.updateUser> }) =>
      api.patch<RouteAnswer<typeof adminApi.updateUser>>(`/api/admin/users/${id(userId)}`, changes),
    // The session user may be the one edited (their own username): it is re-read too.
    onSettled: () => invalidate(queryClient, [...USER_KEYS, sessionUserQueryOptions().queryKey]),
  });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<RouteAnswer<typeof adminApi.makeAdmin>>(`/api/admin/users/${id(userId)}/make-admin`),
    onSettled: () => invalidate(queryClient, USER_KEYS),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.delete<RouteAnswer<typeof adminApi.deleteUser>>(`/api/admin/users/${id(userId)}`),
    // A deleted user's ventures go with them.
    onSettled: () => invalidate(queryClient, [...USER_KEYS, ADMIN_LIST_KEYS.ventures]),
  });
}

// ---- Organizations -----------------------------------------------------------------------------------

// The public organization pages show the branding too.
// The users list names each user's organization.
const ORGANIZATION_KEYS = [
  ADMIN_LIST_KEYS.organizations,
  ADMIN_LIST_KEYS.users,
  adminAuditQueryOptions().queryKey,
  allOrganizationBrandings.queryKey,
];

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationInput) =>
      api.post<RouteAnswer<typeof adminApi.createOrganization>>('/api/admin/organizations', input),
    onSettled: () => invalidate(queryClient, ORGANIZATION_KEYS),
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orgId,
      changes,
    }: {
      orgId: string;
      changes: RouteBody<typeof adminApi.updateOrganization>;
    }) =>
      api.patch<RouteAnswer<typeof adminApi.updateOrganization>>(
        `/api/admin/organizations/${id(orgId)}`,
        changes,
      ),
    onSuccess: (org, { orgId }) => {
      // The edit page shows the saved organization at once (userCount is not part of this answer).
      queryClient.setQueryData(
        adminOrganizationQueryOptions(orgId).queryKey,
        (previous) => previous && { ...previous, ...org },
      );
    },
    onSettled: () => invalidate(queryClient, ORGANIZATION_KEYS),
  });
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orgId: string) =>
      api.delete<RouteAnswer<typeof adminApi.deleteOrganization>>(`/api/admin/organizations/${id(orgId)}`),
    onSuccess: (_answer, orgId) =>
      queryClient.removeQueries({ queryKey: adminOrganizationQueryOptions(orgId).queryKey }),
    onSettled: () => invalidate(queryClient, ORGANIZATION_KEYS),
  });
}

// ---- Task templates ----------------------------------------------------------------------------------

const TEMPLATE_KEYS = [adminTemplatesQueryOptions().queryKey, adminAuditQueryOptions().queryKey];

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, input }: { templateId?: string | number; input: TaskTemplateInput }) =>
      templateId === undefined
        ? api.post<RouteAnswer<typeof adminApi.createTemplate>>('/api/admin/tasks-master', input)
        : api.patch<RouteAnswer<typeof adminApi.updateTemplate>>(
            `/api/admin/tasks-master/${id(templateId)}`,
            input,
          ),
    onSettled: () => invalidate(queryClient, TEMPLATE_KEYS),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string | number) =>
      api.delete<RouteAnswer<typeof adminApi.deleteTemplate>>(`/api/admin/tasks-master/${id(templateId)}`),
    onSettled: () => invalidate(queryClient, TEMPLATE_KEYS),
  });
}
