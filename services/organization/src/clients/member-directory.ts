import type { InternalClient } from '@app/common';
import type { MemberDirectory, MemberView } from '../domain/organization.ts';

/** The auth service's internal users endpoints (users are auth's data; this service never reads them itself). */
export function createMemberDirectory(client: InternalClient): MemberDirectory {
  return {
    createMember: (input, correlationId) =>
      client.request<MemberView>('auth', 'POST', '/internal/users', input, { correlationId }),
    async countByOrganization(correlationId) {
      const stats = await client.request<{ byOrganization?: Record<string, number> }>(
        'auth',
        'GET',
        '/internal/users/stats',
        undefined,
        { correlationId },
      );
      return stats.byOrganization ?? {};
    },
  };
}
