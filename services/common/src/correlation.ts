import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { createLogger, type Logger } from './logger.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** The correlation id (`requestContext()`). */
    id?: string;
    /** A child logger carrying the correlation id (`requestContext()`). */
    log: Logger;
  }
}

/** Header carrying the correlation id, set by the gateway and echoed on every answer. */
export const CORRELATION_HEADER = 'x-request-id';

/** Accept only ids that are safe to log and to echo in a header; anything else gets a fresh one. */
const SAFE_ID = /^[\w.:@-]{1,128}$/;

export interface RequestContextOptions {
  logger?: Logger;
  /** Paths not logged per request (probes and scrapes would drown the useful lines). */
  quietPaths?: string[];
}

const DEFAULT_QUIET_PATHS = ['/healthz', '/readyz', '/metrics'];

function isLogger(value: unknown): value is Logger {
  return typeof (value as Logger | undefined)?.child === 'function';
}

/**
 * Per-request context: the correlation id comes from the incoming `x-request-id` (the gateway sets it)
 * or is a new UUID; it is echoed as `x-request-id` on the answer, and `req.log` is a child logger
 * carrying `correlationId`. One log line per finished request (warn for 4xx, error for 5xx).
 *
 * Not pino-http: it makes two child loggers per request, one serialising the request through the
 * redaction paths, whether or not anything is logged; that was the largest cost of a service's request
 * in the bench's CPU profile. Here the child logger is made on first use of `req.log`, and the line at
 * the end is built only when its level is enabled.
 */
export function requestContext(options?: Logger | RequestContextOptions): RequestHandler {
  const opts: RequestContextOptions = isLogger(options) ? { logger: options } : (options ?? {});
  const logger = opts.logger ?? createLogger({ name: 'http' });
  const quiet = new Set(opts.quietPaths ?? DEFAULT_QUIET_PATHS);
  return (req, res, next) => {
    const incoming = req.headers[CORRELATION_HEADER];
    const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    (req as ContextRequest)[LOGGER] = logger;
    installLogAccessor(req);
    res.setHeader(CORRELATION_HEADER, id);
    if (quiet.has(req.path)) return next();
    const started = performance.now();
    const done = (): void => {
      res.off('finish', done);
      res.off('close', done);
      const level =
        res.statusCode >= 500 || !res.writableFinished ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        req: { method: req.method, url: redactUrl(req.originalUrl) },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      req.log[level](line, res.writableFinished ? 'request completed' : 'request aborted');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}

/** Paths whose segment after the prefix is a secret (a calendar feed's token, issue 17). */
const SECRET_SEGMENTS = /^(\/api\/calendar\/)[^/?#]*/;

/** A URL as logs and error messages may show it: secrets in the path replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENTS, '$1[redacted]');
}

const LOGGER = Symbol('requestContext.logger');
let fallback: Logger | undefined;
const fallbackLogger = () => (fallback ??= createLogger({ name: 'http' }));
const CHILD = Symbol('requestContext.child');
interface ContextRequest extends IncomingMessage {
  [LOGGER]?: Logger;
  [CHILD]?: Logger;
}

/**
 * `req.log` is an accessor on the request's prototype (express gives each app its own), defined once:
 * the child logger is made on first use. Defining it on every request instead turned each request object
 * into a slow dictionary-mode object, which every later property read in express paid for (the bench's
 * CPU profile: the largest cost of a service's request).
 */
function installLogAccessor(req: IncomingMessage): void {
  const proto = Object.getPrototypeOf(req) as object;
  if (Object.hasOwn(proto, 'log')) return;
  Object.defineProperty(proto, 'log', {
    configurable: true,
    enumerable: false,
    get(this: ContextRequest): Logger {
      return (this[CHILD] ??= (this[LOGGER] ?? fallbackLogger()).child({ correlationId: this.id }));
    },
    set(this: ContextRequest, value: Logger) {
      this[CHILD] = value;
    },
  });
}

/** The request's correlation id (set by `requestContext()`; falls back to the header, then a new UUID). */
export function getCorrelationId(req: Request | IncomingMessage): string {
  const id = (req as IncomingMessage).id;
  if (typeof id === 'string' && id) return id;
  const header = req.headers[CORRELATION_HEADER];
  if (typeof header === 'string' && SAFE_ID.test(header)) return header;
  const fresh = randomUUID();
  (req as IncomingMessage).id = fresh;
  return fresh;
}
