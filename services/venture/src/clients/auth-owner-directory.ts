import { AppError, callRoute, type InternalClient } from '@app/common';
import { authInternalApi } from '@app/contracts';
import type { OwnerDirectory } from '../domain/venture.ts';

/** Owners' usernames from the auth service (`GET /internal/users/:id`, a signed service call). */
export function createAuthOwnerDirectory(client: InternalClient): OwnerDirectory {
  return {
    async usernameOf(userId, { correlationId }) {
      try {
        const user = await callRoute(client, 'auth', authInternalApi.getUser, {
          params: { id: userId },
          correlationId,
        });
        // Only the username is read, so only it is checked (not the whole record).
        if (typeof (user as { username?: unknown } | null)?.username !== 'string') {
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
