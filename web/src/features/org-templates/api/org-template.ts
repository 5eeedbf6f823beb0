import type { OrgTemplate, OrgTemplateTask, orgTemplateApi, RouteAnswer } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/*
 * Issue 18: an organization's task template (org admins). Keys live under ['org-templates', slug], built
 * only here; saving answers the template (written into the cache), publishing invalidates it.
 */

const base = (slug: string) => `/api/org-templates/${encodeURIComponent(slug)}`;

export const orgTemplateKeys = {
  all: (slug: string) => ['org-templates', 'detail', slug] as const,
};

export function orgTemplateQueryOptions(slug: string) {
  return queryOptions({
    queryKey: orgTemplateKeys.all(slug),
    queryFn: ({ signal }) => api.get<OrgTemplate>(base(slug), { signal }),
  });
}

export const useOrgTemplate = (slug: string) => useQuery(orgTemplateQueryOptions(slug));

export function useSaveTemplateDraft(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tasks: readonly OrgTemplateTask[]) =>
      api.put<RouteAnswer<typeof orgTemplateApi.saveDraft>>(`${base(slug)}/draft`, { tasks }),
    onSuccess: (template) => queryClient.setQueryData(orgTemplateKeys.all(slug), template),
  });
}

export function usePublishTemplate(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RouteAnswer<typeof orgTemplateApi.publish>>(`${base(slug)}/versions`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgTemplateKeys.all(slug) }),
  });
}
