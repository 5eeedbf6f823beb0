import {
  createInternalClient,
  runServiceProcess,
  startService,
  type RunningService,
  type ServiceOverrides,
} from '@app/common';
import { createApp } from './app.ts';
import { readOrganizationConfig, type OrganizationConfig } from './config.ts';
import { createMemberDirectory } from './store/member-directory.ts';
import { organizationModel } from './store/organization.model.ts';
import { createOrganizationRepository } from './store/organization.repository.ts';

export type OrganizationServiceOverrides = ServiceOverrides;
export type RunningOrganizationService = RunningService;

/**
 * The organization service (`startService` does the rest). It publishes no events (users, and their
 * `user.registered`, belong to the auth service); it asks auth about members over internal HTTP.
 */
export function startOrganizationService(
  config: OrganizationConfig,
  overrides: OrganizationServiceOverrides = {},
): Promise<RunningOrganizationService> {
  return startService({
    name: 'organization',
    config,
    overrides,
    models: (connection) => ({ Organization: organizationModel(connection) }),
    async setup({ models, logger, checks, secret }) {
      const auth = createInternalClient({
        caller: 'organization',
        secret: config.INTERNAL_SECRET,
        baseUrls: { auth: config.AUTH_URL },
      });
      const organizations = createOrganizationRepository(models.Organization);
      return {
        app: createApp({ organizations, members: createMemberDirectory(auth), secret, logger, checks }),
      };
    },
  });
}

if (import.meta.main) {
  runServiceProcess({
    name: 'organization',
    readConfig: readOrganizationConfig,
    start: startOrganizationService,
  });
}
