import { defineService } from '@app/common';
import { createApp } from './app.ts';
import { readOrganizationConfig } from './config.ts';
import { createMemberDirectory } from './clients/member-directory.ts';
import { organizationModel } from './store/organization.model.ts';
import { createOrganizationRepository } from './store/organization.repository.ts';

/**
 * The organization service. It publishes no events (users, and their `user.registered`, belong to the
 * auth service); it asks auth about members over internal HTTP.
 */
const organization = defineService({
  name: 'organization',
  readConfig: readOrganizationConfig,
  models: (connection) => ({ Organization: organizationModel(connection) }),
  setup: async ({ config, models: { Organization }, internalClient, secret, logger, checks }) => ({
    app: createApp({
      organizations: createOrganizationRepository(Organization),
      members: createMemberDirectory(internalClient({ auth: config.AUTH_URL })),
      secret,
      logger,
      checks,
    }),
  }),
});

export const startOrganizationService = organization.start;
if (import.meta.main) organization.run();
