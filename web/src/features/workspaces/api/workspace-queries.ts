import type {
  OrgAuditEntry,
  OrgInvitation,
  OrgMember,
  Program,
  RouteAnswer,
  Workspace,
  workspaceApi,
} from '@app/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/*
 * An organization's workspace reads (issue 18). Keys are hierarchical under ['workspaces', slug], built only
 * here; a change in the workspace invalidates `workspaceKeys.all(slug)`.
 */

const slugPart = (slug: string) => encodeURIComponent(slug);

export const workspaceKeys = {
  all: (slug: string) => ['workspaces', 'detail', slug] as const,
  workspace: (slug: string) => [...workspaceKeys.all(slug), 'workspace'] as const,
  members: (slug: string) => [...workspaceKeys.all(slug), 'members'] as const,
  invitations: (slug: string) => [...workspaceKeys.all(slug), 'invitations'] as const,
  programs: (slug: string) => [...workspaceKeys.all(slug), 'programs'] as const,
  audit: (slug: string) => [...workspaceKeys.all(slug), 'audit'] as const,
};

export function workspaceQueryOptions(slug: string) {
  return queryOptions({
    queryKey: workspaceKeys.workspace(slug),
    queryFn: ({ signal }) => api.get<Workspace>(`/api/orgs/${slugPart(slug)}`, { signal }),
  });
}
export const useWorkspace = (slug: string) => useQuery(workspaceQueryOptions(slug));

export function membersQueryOptions(slug: string) {
  return queryOptions({
    queryKey: workspaceKeys.members(slug),
    queryFn: ({ signal }) => api.get<OrgMember[]>(`/api/orgs/${slugPart(slug)}/members`, { signal }),
  });
}
export const useMembers = (slug: string) => useQuery(membersQueryOptions(slug));

export function invitationsQueryOptions(slug: string) {
  return queryOptions({
    queryKey: workspaceKeys.invitations(slug),
    queryFn: ({ signal }) => api.get<OrgInvitation[]>(`/api/orgs/${slugPart(slug)}/invitations`, { signal }),
  });
}
export const useInvitations = (slug: string, enabled: boolean) =>
  useQuery({ ...invitationsQueryOptions(slug), enabled });

export function programsQueryOptions(slug: string) {
  return queryOptions({
    queryKey: workspaceKeys.programs(slug),
    queryFn: ({ signal }) => api.get<Program[]>(`/api/orgs/${slugPart(slug)}/programs`, { signal }),
  });
}
export const usePrograms = (slug: string) => useQuery(programsQueryOptions(slug));

type AuditPage = RouteAnswer<typeof workspaceApi.listAudit>;

/** The audit log a page at a time ("Load more" fetches the next). */
export function auditQueryOptions(slug: string) {
  return infiniteQueryOptions({
    queryKey: workspaceKeys.audit(slug),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditPage>(
        `/api/orgs/${slugPart(slug)}/audit?limit=25${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}
export const useAudit = (slug: string) => useInfiniteQuery(auditQueryOptions(slug));

/** The CSV download of the whole log (a same-origin link: the session cookie goes along). */
export const auditCsvHref = (slug: string) => `/api/orgs/${slugPart(slug)}/audit.csv`;

export type { OrgAuditEntry };
