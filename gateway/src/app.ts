import express, { type Express } from 'express';
import type { Redis } from 'ioredis';
import {
  errorMiddleware,
  addHealthRoutes,
  httpMetrics,
  metricsRoute,
  notFoundHandler,
  requestContext,
  type Logger,
} from '@app/common';
import { authApi, contactApi, notificationApi, organizationApi, ssoApi } from '@app/contracts';
import type { GatewayConfig } from './config.ts';
import {
  createHostResolver,
  customDomainHome,
  customDomainOrigin,
  organizationHostLookup,
  platformHosts,
  type HostResolver,
} from './custom-domain.ts';
import {
  organizationBrandingLookup,
  organizationPage,
  organizationPageRenderer,
  type BrandingLookup,
} from './organization-page.ts';
import { createApiProxy } from './proxy.ts';
import { findRoute, type Route } from './route-table.ts';
import { csrfProtection, trustedOrigins } from './security/csrf.ts';
import { securityHeaders } from './security/headers.ts';
import { authRateLimits, signInName } from './security/rate-limit.ts';
import { createSessions, type Sessions } from './session/session.ts';
import { webApp } from './static.ts';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  /** null = in-memory sessions and limits (local runs with one gateway process). */
  redis: Redis | null;
  clock?: () => number;
  routes?: readonly Route[];
  /** Issue 19: custom domain → organization (default: the organization service, cached per the config). */
  hostResolver?: HostResolver;
  /** Issue 22: an organization's branding for its pre-rendered page (default: the organization service). */
  brandingLookup?: BrandingLookup;
}

export interface Gateway {
  app: Express;
  sessions: Sessions;
}

export function createApp(deps: GatewayDeps): Gateway {
  const { config, logger, redis } = deps;
  const clock = deps.clock ?? Date.now;
  const production = config.NODE_ENV === 'production';
  const demoUsername = config.DEMO_USERNAME.trim().toLowerCase();
  const sessions = createSessions({
    // The first signs new cookies; all of them verify (rotation without signing everyone out).
    secret: [config.SESSION_SECRET, ...config.SESSION_SECRET_PREVIOUS],
    secure: production,
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteDays: config.SESSION_ABSOLUTE_DAYS,
    redis,
    clock,
    limitPerUser: config.SESSION_LIMIT_PER_USER,
    unlimited: (req) => signInName(req) === demoUsername,
    logger,
  });
  const limits = authRateLimits({
    redis,
    windowMinutes: config.RATE_LIMIT_WINDOW_MINUTES,
    perAccount: config.LOGIN_LIMIT_PER_ACCOUNT,
    perClient: config.LOGIN_LIMIT_PER_CLIENT,
    registerPerClient: config.REGISTER_LIMIT_PER_CLIENT,
    ssoStartPerClient: config.SSO_START_LIMIT_PER_CLIENT,
    freeAttempts: config.LOGIN_FREE_ATTEMPTS,
    maxDelaySeconds: config.LOGIN_DELAY_MAX_SECONDS,
    signInsPerMinute: config.SIGNIN_LIMIT_PER_MINUTE,
    resetPerAddress: config.RESET_LIMIT_PER_ADDRESS,
    resetPerClient: config.RESET_LIMIT_PER_CLIENT,
    contactPerClient: config.CONTACT_LIMIT_PER_CLIENT,
    contactWindowMinutes: config.CONTACT_LIMIT_WINDOW_MINUTES,
    calendarFeedPerMinute: config.CALENDAR_FEED_LIMIT_PER_MINUTE,
    demoUsername,
    clock,
    logger,
  });
  const proxy = createApiProxy({
    services: {
      auth: config.AUTH_URL,
      venture: config.VENTURE_URL,
      organization: config.ORGANIZATION_URL,
      contact: config.CONTACT_URL,
      admin: config.ADMIN_URL,
    },
    secret: config.INTERNAL_SECRET,
    sessions,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    maxSockets: config.UPSTREAM_MAX_SOCKETS,
    logger,
    ...(deps.routes ? { routes: deps.routes } : {}),
  });

  const hostResolver =
    deps.hostResolver ??
    createHostResolver({
      lookup: organizationHostLookup({
        organizationUrl: config.ORGANIZATION_URL,
        secret: config.INTERNAL_SECRET,
        timeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, 3000),
      }),
      ttlMs: config.CUSTOM_DOMAIN_CACHE_SECONDS * 1000,
      maxEntries: config.CUSTOM_DOMAIN_CACHE_SIZE,
      ignore: platformHosts([config.PUBLIC_URL], production),
      clock,
      logger,
    });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  // Proxied calls are labelled by their route-table prefix, everything else outside /api by `web`.
  app.use(
    httpMetrics('gateway', (req) => {
      const path = req.originalUrl.split('?')[0] ?? '';
      return findRoute(path, deps.routes)?.prefix ?? (path.startsWith('/api') ? undefined : 'web');
    }),
  );
  app.use(securityHeaders(production));
  app.use(requestContext(logger));
  // Without Redis the gateway still serves public pages and anonymous calls (signed-in calls get 503):
  // reported, never a reason to take it out of traffic.
  addHealthRoutes(app, {}, { redis: async () => (redis ? (await redis.ping()) === 'PONG' : true) });
  // With METRICS_PORT the series are served on that port only (main.ts); on the public port only when
  // asked for (METRICS_PUBLIC), never by default: they name routes, volumes and error rates.
  if (config.METRICS_PUBLIC) app.get('/metrics', metricsRoute());

  // API answers are not cached unless a service says so for anonymous, public data (the proxy decides).
  app.use('/api', (_req, res, next) => {
    res.setHeader('cache-control', 'no-store');
    next();
  });
  app.use('/api', sessions.middleware);
  app.use(
    '/api',
    // Exempt: the one-click unsubscribe, and the SAML ACS (issue 19), which an identity provider form-posts
    // cross-site by design; it uses no session (the auth service only keeps the posted response with the
    // flow its RelayState names, and completes it on a same-browser GET that carries the session cookie).
    csrfProtection(
      trustedOrigins([config.PUBLIC_URL], production),
      [notificationApi.unsubscribe.path, ssoApi.samlAcs.path],
      customDomainOrigin(hostResolver, production),
    ),
  );
  // The only bodies the gateway reads: it needs the username for per-account limits. Small on purpose:
  // a huge password is refused here, before anything hashes it.
  const smallJson = express.json({ limit: '16kb' });
  app.post(authApi.login.path, smallJson, ...limits.login);
  app.post(authApi.register.path, smallJson, limits.register);
  app.post(organizationApi.register.path, smallJson, limits.register);
  app.post(ssoApi.start.path, limits.ssoStart);
  app.post(authApi.forgotPassword.path, smallJson, ...limits.forgotPassword);
  app.post(authApi.changePassword.path, limits.passwordCheck);
  app.delete(authApi.deleteAccount.path, limits.passwordCheck);
  app.post(contactApi.send.path, limits.contact);
  // The public calendar feed (issue 17): no session needed, its own limit (`/api/calendar-feed` is not under it).
  app.use('/api/calendar', limits.calendarFeed);
  app.use(proxy);
  app.use('/api', notFoundHandler);
  const signedIn = (req: express.Request, res: express.Response) => sessions.signedIn(req, res);
  const renderOrganizationPage = organizationPageRenderer({
    dist: config.WEB_DIST,
    branding:
      deps.brandingLookup ??
      organizationBrandingLookup({
        organizationUrl: config.ORGANIZATION_URL,
        secret: config.INTERNAL_SECRET,
        timeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, 3000),
      }),
    logger,
  });
  app.use(organizationPage({ render: renderOrganizationPage, signedIn }));
  app.use(
    customDomainHome({
      dist: config.WEB_DIST,
      resolver: hostResolver,
      signedIn,
      renderOrganizationPage,
    }),
  );
  app.use(webApp(config.WEB_DIST, { signedIn }));
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  return { app, sessions };
}
