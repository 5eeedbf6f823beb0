import { AppError, callRoute, type InternalClient } from '@app/common';
import { authInternalApi, type DemoAccount } from '@app/contracts';

/**
 * The demo account and its co-founder, from the auth service (`GET /internal/demo-account`, a signed
 * service call, its answer checked against the contract); null while auth has not seeded it.
 */
export function createAuthDemoAccount(client: InternalClient): { get(): Promise<DemoAccount | null> } {
  return {
    async get() {
      try {
        return await callRoute(client, 'auth', authInternalApi.getDemoAccount, {
          correlationId: 'demo-reset',
          parse: true,
        });
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
