import { defineService } from '@app/common';
import { createApp } from './app.ts';
import { readAdminConfig, type AdminConfig } from './config.ts';
import { auditModel } from './store/audit.model.ts';
import { createAuditLog } from './store/audit.repository.ts';

/** The services whose internal endpoints the admin service composes from and forwards mutations to. */
const upstreams = (config: AdminConfig) => ({
  auth: config.AUTH_URL,
  venture: config.VENTURE_URL,
  organization: config.ORGANIZATION_URL,
  contact: config.CONTACT_URL,
});

/** The admin service: its own data is the audit log; the rest belongs to other services. */
const admin = defineService({
  name: 'admin',
  readConfig: readAdminConfig,
  models: (connection) => ({ AuditEntry: auditModel(connection) }),
  setup: async (kit) => ({
    app: createApp({
      client: kit.internalClient(upstreams(kit.config)),
      audit: createAuditLog(kit.models.AuditEntry),
      secret: kit.secret,
      logger: kit.logger,
      checks: kit.checks,
    }),
  }),
});

export const startAdminService = admin.start;
if (import.meta.main) admin.run();
