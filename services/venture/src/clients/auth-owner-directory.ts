import { AppError, callRoute, type InternalClient } from '@app/common';
import { authInternalApi } from '@app/contracts';
import type { OwnerDirectory, UserProfile } from '../domain/venture.ts';

/** "First Last" when the profile has a name, else the e-mail address. */
export function displayNameOf(user: {
  username: string;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  const name = [user.firstName, user.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .trim();
  return name === '' ? user.username : name;
}

/** Users' usernames and names from the auth service (`GET /internal/users/:id`, a signed service call). */
export function createAuthOwnerDirectory(client: InternalClient): OwnerDirectory {
  const directory: OwnerDirectory = {
    async usernameOf(userId, opts) {
      return (await directory.profileOf(userId, opts))?.email ?? null;
    },
    async profileOf(userId, { correlationId }): Promise<UserProfile | null> {
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
        return { userId, email: user.username, displayName: displayNameOf(user) };
      } catch (error) {
        // 404: no such user; 400: not even a user id. Either way, nobody to own a venture.
        if (error instanceof AppError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
    async isPlatformAdmin(userId, { correlationId }) {
      try {
        const user = await callRoute(client, 'auth', authInternalApi.getUser, {
          params: { id: userId },
          correlationId,
        });
        return (user as { isAdmin?: unknown } | null)?.isAdmin === true;
      } catch (error) {
        if (error instanceof AppError && (error.status === 404 || error.status === 400)) return false;
        throw error;
      }
    },
  };
  return directory;
}
