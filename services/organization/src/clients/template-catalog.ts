import { callRoute, type InternalClient } from '@app/common';
import { ventureInternalApi } from '@app/contracts';
import type { TemplateCatalog } from '../domain/organization.ts';

/** The venture service's organization templates (templates and their versions are the venture service's data). */
export function createTemplateCatalog(client: InternalClient): TemplateCatalog {
  return {
    async publishedVersions(organizationId, correlationId) {
      const versions = await callRoute(client, 'venture', ventureInternalApi.listTemplateVersions, {
        params: { id: organizationId },
        correlationId,
        parse: true,
      });
      return versions.map((v) => v.version);
    },
  };
}
