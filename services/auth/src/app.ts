import { createServiceApp, type Logger } from '@app/common';
import { notificationApi, ssoApi } from '@app/contracts';
import type { Express } from 'express';
import type { VentureDataSource } from './clients/venture-data.ts';
import type { PasswordHasher } from './domain/password-hash.ts';
import {
  normalizeUsername,
  type AuthContext,
  type AuthSettings,
  type UserRepository,
} from './domain/user.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { internalUserRoutes } from './routes/internal-users.routes.ts';
import { ssoRoutes } from './routes/sso.routes.ts';
import type { SsoContext } from './domain/sso.ts';

export interface AuthAppDeps {
  users: UserRepository;
  hasher: PasswordHasher;
  settings: AuthSettings;
  /** Issue 17: the venture part of the account export (the venture service's internal call). */
  ventures: VentureDataSource;
  /** Issue 19: single sign-on (absent: SSO answers "not configured" and nothing is enforced). */
  sso?: SsoContext;
  /** Verifies the gateway's and other services' signed identities with these keys (`identityKeys`). */
  secret: string | readonly string[];
  logger: Logger;
  /** Readiness checks (`/readyz`), e.g. `{ mongo: ping }`. */
  checks?: Record<string, () => Promise<boolean>>;
  clock?: () => Date;
}

/** The auth service's HTTP app: routes only, no I/O and no environment (tests and the runner build it too). */
export function createApp(deps: AuthAppDeps): Express {
  const ctx: AuthContext = {
    users: deps.users,
    hasher: deps.hasher,
    settings: { ...deps.settings, demoUsername: normalizeUsername(deps.settings.demoUsername) },
    ...(deps.sso ? { sso: deps.sso } : {}),
    clock: deps.clock ?? (() => new Date()),
  };
  return createServiceApp({
    name: 'auth',
    secret: deps.secret,
    logger: deps.logger,
    checks: deps.checks ?? {},
    routes: (router) => {
      ssoRoutes(router, ctx);
      accountRoutes(router, ctx, deps.ventures);
    },
    ignoredBodyPosts: [notificationApi.unsubscribe.path],
    // Issue 19: the SAML ACS is an HTML form post from the identity provider (base64 XML, 4/3 of its size).
    formBodyPosts: [{ path: ssoApi.samlAcs.path, limit: '700kb' }],
    internalRoutes: (router) => internalUserRoutes(router, ctx),
  });
}
