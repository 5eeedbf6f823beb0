import { AppError, callRoute, type InternalClient } from '@app/common';
import { authInternalApi } from '@app/contracts';
import { displayNameOf } from '../domain/register-member.ts';
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
    async profileOf(userId, correlationId) {
      try {
        // Checked against the contract: the admin flag decides what the caller may do.
        const user = await callRoute(client, 'auth', authInternalApi.getUser, {
          params: { id: userId },
          correlationId,
          parse: true,
        });
        return {
          userId: user.id,
          email: user.username.toLowerCase(),
          displayName: displayNameOf(user),
          isAdmin: user.isAdmin,
          isActive: user.isActive,
        };
      } catch (error) {
        // 404: no such user; 400: not even a user id. Either way, nobody.
        if (error instanceof AppError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  };
}
