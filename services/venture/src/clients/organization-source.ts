import { callRoute, type InternalClient } from '@app/common';
import { workspaceInternalApi } from '@app/contracts';
import type { OrganizationSource } from '../domain/reconcile-organizations.ts';

/** Every organization with its plan, from the organization service (`GET /internal/organizations/read-model`). */
export function createOrganizationSource(client: InternalClient): OrganizationSource {
  return {
    list: ({ correlationId }) =>
      callRoute(client, 'organization', workspaceInternalApi.listOrganizations, { correlationId }),
  };
}
