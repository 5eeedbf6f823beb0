import { createServiceApp, type Logger } from '@app/common';
import type { Express } from 'express';
import type { MemberDirectory, OrganizationRepository } from './domain/organization.ts';
import { internalRoutes } from './routes/internal.routes.ts';
import { publicRoutes } from './routes/public.routes.ts';

export interface OrganizationAppDeps {
  organizations: OrganizationRepository;
  /** The auth service's users (created and counted over internal HTTP). */
  members: MemberDirectory;
  /** Verifies the gateway's and other services' signed identities with these keys (`identityKeys`). */
  secret: string | readonly string[];
  logger: Logger;
  checks?: Record<string, () => Promise<boolean>>;
}

/** The organization service's HTTP app: routes only, no I/O and no environment. */
export function createApp(deps: OrganizationAppDeps): Express {
  const ctx = { organizations: deps.organizations, members: deps.members };
  return createServiceApp({
    name: 'organization',
    secret: deps.secret,
    logger: deps.logger,
    checks: deps.checks ?? {},
    routes: (router) => publicRoutes(router, ctx),
    internalRoutes: (router) => internalRoutes(router, ctx),
  });
}
