import type { OrgTemplateTask, orgTemplateApi, RouteAnswer } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgTemplateKeys, orgTemplatePath as base } from '../../../entities/org-template/org-template-query';
import { api } from '../../../lib/api-client';

/*
 * Issue 18: an organization's task template (org admins). The query and its keys live in
 * entities/org-template (the workspace's program form reads the published versions too); saving answers the
 * template (written into the cache), publishing invalidates it.
 */

export {
  orgTemplateKeys,
  orgTemplateQueryOptions,
  useOrgTemplate,
} from '../../../entities/org-template/org-template-query';

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
