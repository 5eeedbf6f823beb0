import type { orgTemplateApi, RouteAnswer } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ventureDetailKey } from '../../../entities/venture/venture-queries';
import { api } from '../../../lib/api-client';

/*
 * Issue 18: a roadmap taking the newer organization template version its program pins. The preview is read
 * only when the owner asks to review it; applying refreshes the venture and its guides.
 */

export type TemplateUpdatePreview = RouteAnswer<typeof orgTemplateApi.previewVentureUpdate>;

const path = (ventureId: string) => `/api/ventures/${encodeURIComponent(ventureId)}/template-update`;

export function templateUpdateQueryOptions(ventureId: string, availableVersion: number) {
  return queryOptions({
    queryKey: [...ventureDetailKey(ventureId), 'template-update', availableVersion] as const,
    queryFn: ({ signal }) => api.get<TemplateUpdatePreview>(path(ventureId), { signal }),
  });
}

export function useTemplateUpdatePreview(ventureId: string, availableVersion: number, enabled: boolean) {
  return useQuery({ ...templateUpdateQueryOptions(ventureId, availableVersion), enabled });
}

export function useApplyTemplateUpdate(ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toVersion: number) =>
      api.post<RouteAnswer<typeof orgTemplateApi.applyVentureUpdate>>(path(ventureId), { toVersion }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ventureDetailKey(ventureId) }),
  });
}
