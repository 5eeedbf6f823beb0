import type { OrgRole, Program, RouteBody, workspaceApi } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myOrganizationsQueryOptions } from '../../../entities/organization/get-my-organizations';
import { api } from '../../../lib/api-client';
import { workspaceKeys } from './workspace-queries';

/*
 * The workspace's changes (issue 18). Every change invalidates the whole workspace (counts, lists and the
 * audit log follow it) and the account menu's list (a name or a role may have changed). Mutations never
 * retry (the query client's default).
 */

const base = (slug: string) => `/api/orgs/${encodeURIComponent(slug)}`;
const id = (value: string) => encodeURIComponent(value);

export type SettingsInput = RouteBody<typeof workspaceApi.updateSettings>;
export type ProgramInput = RouteBody<typeof workspaceApi.createProgram>;
export type ProgramChanges = RouteBody<typeof workspaceApi.updateProgram>;

function useWorkspaceMutation<I, O>(slug: string, call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKeys.all(slug) }),
        queryClient.invalidateQueries({ queryKey: myOrganizationsQueryOptions().queryKey }),
      ]),
  });
}

export const useUpdateSettings = (slug: string) =>
  useWorkspaceMutation(slug, (input: SettingsInput) => api.patch(base(slug), input));

export const useChangeMemberRole = (slug: string) =>
  useWorkspaceMutation(slug, ({ userId, role }: { userId: string; role: OrgRole }) =>
    api.patch(`${base(slug)}/members/${id(userId)}`, { role }),
  );

export const useRemoveMember = (slug: string) =>
  useWorkspaceMutation(slug, (userId: string) => api.delete(`${base(slug)}/members/${id(userId)}`));

export const useInvite = (slug: string) =>
  useWorkspaceMutation(slug, (input: { email: string; role: OrgRole }) =>
    api.post(`${base(slug)}/invitations`, input),
  );

export const useResendInvitation = (slug: string) =>
  useWorkspaceMutation(slug, (invitationId: string) =>
    api.post(`${base(slug)}/invitations/${id(invitationId)}/resend`),
  );

export const useRevokeInvitation = (slug: string) =>
  useWorkspaceMutation(slug, (invitationId: string) =>
    api.delete(`${base(slug)}/invitations/${id(invitationId)}`),
  );

export const useCreateProgram = (slug: string) =>
  useWorkspaceMutation(slug, (input: ProgramInput) => api.post<Program>(`${base(slug)}/programs`, input));

export const useUpdateProgram = (slug: string) =>
  useWorkspaceMutation(slug, ({ programId, changes }: { programId: string; changes: ProgramChanges }) =>
    api.patch<Program>(`${base(slug)}/programs/${id(programId)}`, changes),
  );
