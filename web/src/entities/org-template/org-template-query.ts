import type { OrgTemplate } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/*
 * Issue 18: an organization's task template (org admins): the editor's draft and published versions, and
 * the versions the program form offers. Keys live under ['org-templates', 'detail', slug], built only here.
 */

export const orgTemplatePath = (slug: string) => `/api/org-templates/${encodeURIComponent(slug)}`;

export const orgTemplateKeys = {
  all: (slug: string) => ['org-templates', 'detail', slug] as const,
};

export function orgTemplateQueryOptions(slug: string) {
  return queryOptions({
    queryKey: orgTemplateKeys.all(slug),
    queryFn: ({ signal }) => api.get<OrgTemplate>(orgTemplatePath(slug), { signal }),
  });
}

export const useOrgTemplate = (slug: string) => useQuery(orgTemplateQueryOptions(slug));
