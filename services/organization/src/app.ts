import { createServiceApp, type Logger } from '@app/common';
import type { Express } from 'express';
import type { OrganizationContext } from './domain/organization.ts';
import { internalRoutes } from './routes/internal.routes.ts';
import { publicRoutes } from './routes/public.routes.ts';
import { ssoInternalRoutes, ssoRoutes } from './routes/sso.routes.ts';
import { workspaceRoutes } from './routes/workspace.routes.ts';
import { whiteLabelInternalRoutes, whiteLabelRoutes } from './routes/white-label.routes.ts';

export interface OrganizationAppDeps extends Omit<OrganizationContext, 'clock'> {
  /** Verifies the gateway's and other services' signed identities with these keys (`identityKeys`). */
  secret: string | readonly string[];
  logger: Logger;
  checks?: Record<string, () => Promise<boolean>>;
  /** Reported by `/readyz` without taking the service out of traffic (events wait in the outbox). */
  rideOutChecks?: Record<string, () => Promise<boolean>>;
  clock?: () => Date;
}

/** The organization service's HTTP app: routes only, no I/O and no environment. */
export function createApp(deps: OrganizationAppDeps): Express {
  const ctx: OrganizationContext = {
    organizations: deps.organizations,
    members: deps.members,
    templates: deps.templates,
    audit: deps.audit,
    enrolments: deps.enrolments,
    invitations: deps.invitations,
    sso: deps.sso,
    clock: deps.clock ?? (() => new Date()),
  };
  return createServiceApp({
    name: 'organization',
    secret: deps.secret,
    logger: deps.logger,
    checks: deps.checks ?? {},
    ...(deps.rideOutChecks ? { rideOutChecks: deps.rideOutChecks } : {}),
    routes: (router) => {
      whiteLabelRoutes(router, ctx);
      publicRoutes(router, ctx);
      workspaceRoutes(router, ctx);
      ssoRoutes(router, ctx);
    },
    internalRoutes: (router) => {
      // Before `internalRoutes`' `/organizations/:id` family (no overlap today, kept apart for clarity).
      ssoInternalRoutes(router, ctx);
      whiteLabelInternalRoutes(router, ctx);
      internalRoutes(router, ctx);
    },
  });
}
