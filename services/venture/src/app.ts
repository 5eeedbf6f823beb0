import { createServiceApp, type Logger } from '@app/common';
import type { Express } from 'express';
import type { VentureContext } from './domain/venture.ts';
import { cohortRoutes } from './routes/cohort.routes.ts';
import { calendarFeedRoutes } from './routes/calendar-feed.routes.ts';
import { internalRoutes } from './routes/internal.routes.ts';
import { orgTemplateRoutes } from './routes/org-template.routes.ts';
import { planRoutes } from './routes/plan.routes.ts';
import { taskGuideRoutes } from './routes/task-guide.routes.ts';
import { teamRoutes } from './routes/team.routes.ts';
import { ventureRoutes } from './routes/venture.routes.ts';

export interface VentureAppDeps extends Omit<VentureContext, 'clock'> {
  /** Verifies the gateway's and other services' signed identities with these keys (`identityKeys`). */
  secret: string | readonly string[];
  logger: Logger;
  /** Readiness checks (`/readyz`), e.g. `{ mongo: ping }`. */
  checks?: Record<string, () => Promise<boolean>>;
  /** Reported by `/readyz` without taking the service out of traffic, e.g. `{ bus }` (events wait in the outbox). */
  rideOutChecks?: Record<string, () => Promise<boolean>>;
  clock?: () => Date;
}

/** The venture service's HTTP app: routes only, no I/O and no environment (tests and the runner build it too). */
export function createApp(deps: VentureAppDeps): Express {
  const ctx: VentureContext = {
    ventures: deps.ventures,
    calendarFeeds: deps.calendarFeeds,
    templates: deps.templates,
    owners: deps.owners,
    comments: deps.comments,
    activity: deps.activity,
    invitations: deps.invitations,
    institutions: deps.institutions,
    orgTemplates: deps.orgTemplates,
    plan: deps.plan,
    clock: deps.clock ?? (() => new Date()),
  };
  return createServiceApp({
    name: 'venture',
    secret: deps.secret,
    logger: deps.logger,
    checks: deps.checks ?? {},
    ...(deps.rideOutChecks ? { rideOutChecks: deps.rideOutChecks } : {}),
    routes: (router) => {
      taskGuideRoutes(router);
      ventureRoutes(router, ctx);
      teamRoutes(router, ctx);
      planRoutes(router, ctx);
      calendarFeedRoutes(router, ctx);
      cohortRoutes(router, ctx);
      orgTemplateRoutes(router, ctx);
    },
    internalRoutes: (router) => internalRoutes(router, ctx),
  });
}
