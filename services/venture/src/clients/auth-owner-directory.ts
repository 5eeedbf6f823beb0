import { AppError, type InternalClient } from '@app/common';
import type { OwnerDirectory } from '../domain/venture.ts';

/** Owners' usernames from the auth service (`GET /internal/users/:id`, a signed service call). */
export function createAuthOwnerDirectory(client: InternalClient): OwnerDirectory {
  return {
    async usernameOf(userId, { correlationId }) {
      try {
        const user = await client.request<{ username?: unknown }>(
          'auth',
          'GET',
          `/internal/users/${encodeURIComponent(userId)}`,
          undefined,
          { correlationId },
        );
        if (typeof user?.username !== 'string') {
          throw new AppError('UPSTREAM.ERROR', 502, 'The auth service gave an unexpected answer', {
            expected: false,
          });
        }
        return user.username;
      } catch (error) {
        // 404: no such user; 400: not even a user id. Either way, nobody to own a venture.
        if (error instanceof AppError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  };
}
