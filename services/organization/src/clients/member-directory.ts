import { callRoute, type InternalClient } from '@app/common';
import { authInternalApi } from '@app/contracts';
import type { MemberDirectory } from '../domain/organization.ts';

/** The auth service's internal users endpoints (users are auth's data; this service never reads them itself). */
export function createMemberDirectory(client: InternalClient): MemberDirectory {
  return {
    createMember: (input, correlationId) =>
      callRoute(client, 'auth', authInternalApi.createUser, { body: input, correlationId, parse: true }),
    async countByOrganization(correlationId) {
      const stats = await callRoute(client, 'auth', authInternalApi.userStats, {
        correlationId,
        parse: true,
      });
      return stats.byOrganization;
    },
  };
}
