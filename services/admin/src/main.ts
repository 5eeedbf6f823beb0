import {
  createInternalClient,
  runServiceProcess,
  startService,
  type RunningService,
  type ServiceOverrides,
} from '@app/common';
import { createApp } from './app.ts';
import { readAdminConfig, type AdminConfig } from './config.ts';
import { auditModel } from './store/audit.model.ts';
import { createAuditLog } from './store/audit.repository.ts';

export type AdminServiceOverrides = ServiceOverrides;
export type RunningAdminService = RunningService;

/**
 * The admin service (`startService` does the rest): its own data is the audit log; everything else it
 * shows or changes belongs to other services, reached over internal HTTP.
 */
export function startAdminService(
  config: AdminConfig,
  overrides: AdminServiceOverrides = {},
): Promise<RunningAdminService> {
  return startService({
    name: 'admin',
    config,
    overrides,
    models: (connection) => ({ AuditEntry: auditModel(connection) }),
    async setup({ models, logger, checks, secret }) {
      const client = createInternalClient({
        caller: 'admin',
        secret: config.INTERNAL_SECRET,
        baseUrls: {
          auth: config.AUTH_URL,
          venture: config.VENTURE_URL,
          organization: config.ORGANIZATION_URL,
          contact: config.CONTACT_URL,
        },
      });
      return { app: createApp({ client, audit: createAuditLog(models.AuditEntry), secret, logger, checks }) };
    },
  });
}

if (import.meta.main)
  runServiceProcess({ name: 'admin', readConfig: readAdminConfig, start: startAdminService });
