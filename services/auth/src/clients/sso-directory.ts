import { AppError, callRoute, type InternalClient } from '@app/common';
import { ssoInternalApi } from '@app/contracts';
import type { SsoDirectory } from '../domain/sso.ts';

const notConfigured = (error: unknown) => error instanceof AppError && error.code === 'SSO.NOT_CONFIGURED';

/** Issue 19: the organization service's SSO connections (signed service calls, answers checked). */
export function createSsoDirectory(client: InternalClient): SsoDirectory {
  return {
    async byDomain(domain, correlationId) {
      try {
        return await callRoute(client, 'organization', ssoInternalApi.connectionByDomain, {
          query: { domain },
          correlationId,
          parse: true,
        });
      } catch (error) {
        if (notConfigured(error)) return null;
        throw error;
      }
    },
    async ofOrganization(organizationId, correlationId) {
      try {
        return await callRoute(client, 'organization', ssoInternalApi.connectionOf, {
          params: { organizationId },
          correlationId,
          parse: true,
        });
      } catch (error) {
        if (notConfigured(error)) return null;
        throw error;
      }
    },
    async recordSignIn(input, correlationId) {
      await callRoute(client, 'organization', ssoInternalApi.recordSignIn, { body: input, correlationId });
    },
  };
}
