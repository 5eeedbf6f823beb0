import { createServiceApp, type Logger } from '@app/common';
import type { Express } from 'express';

export interface MailerAppDeps {
  /** The keys incoming identities may be signed with (`identityKeys(config)`). */
  secret: string | readonly string[];
  logger: Logger;
  /** Readiness checks (`/readyz`), e.g. `{ mongo, bus }`. */
  checks: Record<string, () => Promise<boolean>>;
}

/** The mailer has no API: its HTTP app answers `/healthz`, `/readyz` and `/metrics` only. */
export function createApp(deps: MailerAppDeps): Express {
  return createServiceApp({
    name: 'mailer',
    secret: deps.secret,
    logger: deps.logger,
    checks: deps.checks,
    routes: () => undefined,
  });
}
