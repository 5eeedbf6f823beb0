import { createServiceApp, type InternalClient, type Logger } from '@app/common';
import type { Express } from 'express';
import type { AuditLog } from './domain/admin.ts';
import { adminRoutes } from './routes/admin.routes.ts';

export interface AdminAppDeps {
  /** Signed service-to-service calls to auth, venture, organization and contact. */
  client: InternalClient;
  audit: AuditLog;
  /** Verifies the gateway's signed identities with these keys (`identityKeys`). */
  secret: string | readonly string[];
  logger: Logger;
  checks?: Record<string, () => Promise<boolean>>;
  clock?: () => Date;
}

/** The admin service's HTTP app: routes only, no I/O and no environment. */
export function createApp(deps: AdminAppDeps): Express {
  return createServiceApp({
    name: 'admin',
    secret: deps.secret,
    logger: deps.logger,
    checks: deps.checks ?? {},
    routes: (router) =>
      adminRoutes(router, {
        client: deps.client,
        audit: deps.audit,
        clock: deps.clock ?? (() => new Date()),
      }),
  });
}
