import express, { Router, type Express, type Request, type RequestHandler } from 'express';
import { requestContext } from './correlation.ts';
import { AppError, errorMiddleware, notFoundHandler, type ErrorBody } from './errors.ts';
import { addReadinessRoute, liveness, type HealthChecks } from './health.ts';
import { requireIdentity, requireServiceCaller } from './identity.ts';
import type { Logger } from './logger.ts';
import { httpMetrics, metricsRoute } from './metrics.ts';

export interface ServiceAppOptions {
  /** The service's name; also the audience its identities must be minted for. */
  name: string;
  /**
   * The keys an identity may be signed with: INTERNAL_SECRET, then any INTERNAL_SECRET_PREVIOUS still
   * accepted during a rotation (`identityKeys(config)`).
   */
  secret: string | readonly string[];
  logger: Logger;
  /** Readiness checks for `/readyz` (e.g. `{ mongo: db.ping }`): one failing takes the pod out of traffic. */
  checks: HealthChecks;
  /** Reported by `/readyz` but ridden out: the service keeps serving without them (`addHealthRoutes`). */
  rideOutChecks?: HealthChecks;
  clock?: () => number;
  /** Public API routes (reached through the gateway with a user identity). */
  routes: (router: Router) => void;
  /** `/internal/...` routes, answered only to other services. Paths are given without the `/internal` prefix. */
  internalRoutes?: (router: Router) => void;
  /**
   * Adds to an error's JSON body, for calls whose replies have a shape of its own (every error of that
   * call, including malformed bodies, 413/415 and 5xx, then has it).
   */
  errorBody?: (req: Request, body: ErrorBody) => object;
  /**
   * `POST` paths whose body is read and ignored whatever its type, instead of 415 for anything but JSON:
   * the RFC 8058 one-click unsubscribe, which mail providers post form-encoded (`List-Unsubscribe=One-Click`)
   * and whose authority is a token in the query.
   */
  ignoredBodyPosts?: readonly string[];
  /**
   * POST paths whose body is an HTML form (`application/x-www-form-urlencoded`, flat, up to `limit`) instead
   * of JSON: the SAML assertion consumer service (issue 19), form-posted by an identity provider. Any other
   * content type there is 415.
   */
  formBodyPosts?: ReadonlyArray<{ path: string; limit: string }>;
}

/** Bodies are small forms; anything bigger is refused before it is read. */
export const JSON_BODY_LIMIT = '100kb';
/** Deeper JSON is refused: no real request nests this far, and deep trees make every later walk costly. */
export const MAX_JSON_DEPTH = 32;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(req: express.Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

/**
 * A POST/PUT/PATCH/DELETE body must be JSON (`DELETE /api/user/account` carries the password); anything
 * else is 415, never silently ignored.
 */
const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (!BODY_METHODS.has(req.method) || !hasBody(req)) return next();
  if (req.is(['application/json', 'application/*+json'])) return next();
  next(new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 415, 'Content-Type must be application/json'));
};

function depthExceeds(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

const limitJsonDepth: RequestHandler = (req, _res, next) => {
  if (depthExceeds(req.body, MAX_JSON_DEPTH)) {
    return next(AppError.badRequest('Request body is nested too deeply', undefined, 'REQUEST.TOO_DEEP'));
  }
  next();
};

/**
 * The express app every service is built on, in this order: `/healthz`, metrics, request context (correlation
 * id, `req.log`), `/readyz` `/metrics` (no identity), JSON body parsing (100 kb, strict, JSON
 * only), the signed identity minted for this service on everything else, `/internal/*` only for
 * service callers, the service's routes, JSON 404, the error middleware.
 */
export function createServiceApp(opts: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Services sit behind the gateway and never read client addresses from X-Forwarded-* headers: anything
  // a service must know about the caller comes in the signed identity.
  app.set('trust proxy', false);
  app.set('json escape', true);
  // Answers are `no-store`, so no client ever revalidates them: hashing every body for an ETag is wasted
  // work. Routes that support revalidation set their own ETag (express keeps one that is already set).
  app.set('etag', false);

  // Liveness before everything else: the kubelet (and a load balancer) asks it every few seconds, it reads
  // nothing of the request, and its answers are neither logged nor worth a metric or a correlation id. Per
  // request, those cost a service's /healthz a sixth of its throughput against express alone (the bench).
  app.get('/healthz', liveness);
  app.use(httpMetrics(opts.name));
  app.use(requestContext(opts.logger));
  addReadinessRoute(app, opts.checks, opts.rideOutChecks);
  app.get('/metrics', metricsRoute());

  const ignoredBodies = new Set(opts.ignoredBodyPosts ?? []);
  if (ignoredBodies.size > 0) {
    const drain = express.raw({ type: () => true, limit: '1kb' });
    app.use((req, res, next) => {
      if (req.method !== 'POST' || !ignoredBodies.has(req.path)) return next();
      drain(req, res, (err?: unknown) => {
        if (err) return next(err);
        // Read (so the connection stays usable) and marked parsed (the JSON parser skips it), then dropped.
        req.body = undefined;
        next();
      });
    });
  }
  const formBodies = new Map((opts.formBodyPosts ?? []).map((form) => [form.path, form.limit]));
  if (formBodies.size > 0) {
    const parsers = new Map(
      [...formBodies].map(([path, limit]) => [
        path,
        express.urlencoded({
          extended: false,
          limit,
          parameterLimit: 10,
          type: 'application/x-www-form-urlencoded',
        }),
      ]),
    );
    app.use((req, res, next) => {
      const parse = req.method === 'POST' ? parsers.get(req.path) : undefined;
      if (!parse) return next();
      if (hasBody(req) && !req.is('application/x-www-form-urlencoded'))
        return next(
          new AppError(
            'REQUEST.UNSUPPORTED_MEDIA_TYPE',
            415,
            'Content-Type must be application/x-www-form-urlencoded',
          ),
        );
      parse(req, res, next);
    });
  }
  app.use((req, res, next) => {
    if (req.method === 'POST' && (ignoredBodies.has(req.path) || formBodies.has(req.path))) return next();
    requireJsonBody(req, res, next);
  });
  app.use(
    express.json({ limit: JSON_BODY_LIMIT, strict: true, type: ['application/json', 'application/*+json'] }),
  );
  app.use(limitJsonDepth);

  app.use(requireIdentity(opts.secret, opts.name, opts.clock));
  app.use((_req, res, next) => {
    // Answers are per user: no cache may keep them.
    res.set('Cache-Control', 'no-store');
    res.set('X-Content-Type-Options', 'nosniff');
    next();
  });

  const internal = Router();
  opts.internalRoutes?.(internal);
  app.use('/internal', requireServiceCaller, internal);

  const router = Router();
  opts.routes(router);
  app.use(router);

  app.use(notFoundHandler);
  app.use(errorMiddleware(opts.logger, opts.errorBody));
  return app;
}
