import { createServiceApp, type Logger } from '@app/common';
import type { Express } from 'express';
import type { ContactMessageRepository } from './domain/contact-message.ts';
import {
  contactErrorBody,
  contactRoutes,
  internalContactRoutes,
  type ContactLimits,
} from './routes/contact.routes.ts';

export interface ContactAppDeps {
  messages: ContactMessageRepository;
  limits: ContactLimits;
  /** Verifies the gateway's and other services' signed identities with these keys (`identityKeys`). */
  secret: string | readonly string[];
  logger: Logger;
  /** Readiness checks (`/readyz`), e.g. `{ mongo: ping }`. */
  checks?: Record<string, () => Promise<boolean>>;
  clock?: () => Date;
}

/** The contact service's HTTP app: routes only, no I/O and no environment. */
export function createApp(deps: ContactAppDeps): Express {
  const ctx = { messages: deps.messages, clock: deps.clock ?? (() => new Date()) };
  return createServiceApp({
    name: 'contact',
    secret: deps.secret,
    logger: deps.logger,
    checks: deps.checks ?? {},
    routes: (router) => contactRoutes(router, ctx, deps.limits),
    internalRoutes: (router) => internalContactRoutes(router, ctx),
    errorBody: contactErrorBody,
  });
}
