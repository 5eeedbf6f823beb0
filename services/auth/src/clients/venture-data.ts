import { callRoute, type InternalClient } from '@app/common';
import { ventureInternalApi, type UserVentureData } from '@app/contracts';

/** Issue 17: the venture part of a user's account export, from the venture service. */
export interface VentureDataSource {
  ofUser(userId: string, opts: { correlationId: string }): Promise<UserVentureData>;
}

/**
 * `GET /internal/users/:id/venture-data` of the venture service (a signed service call, its answer checked
 * against the contract). Its errors pass through: 503 `UPSTREAM.UNAVAILABLE` while it cannot be reached.
 */
export function createVentureDataSource(client: InternalClient): VentureDataSource {
  return {
    ofUser: (userId, { correlationId }) =>
      callRoute(client, 'venture', ventureInternalApi.userVentureData, {
        params: { id: userId },
        correlationId,
        parse: true,
      }),
  };
}
