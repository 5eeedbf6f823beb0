import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
// Importing pino-http also brings its type augmentation: `req.log` and `req.id` on every request.
import { pinoHttp } from 'pino-http';
import { createLogger, type Logger } from './logger.ts';

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
 */
export function requestContext(options?: Logger | RequestContextOptions): RequestHandler {
  const opts: RequestContextOptions = isLogger(options) ? { logger: options } : (options ?? {});
  const logger = opts.logger ?? createLogger({ name: 'http' });
  const quiet = new Set(opts.quietPaths ?? DEFAULT_QUIET_PATHS);
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers[CORRELATION_HEADER];
      const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader(CORRELATION_HEADER, id);
      return id;
    },
    customAttributeKeys: { reqId: 'correlationId' },
    // `req.log` carries only the correlation id, not the whole request object.
    quietReqLogger: true,
    autoLogging: { ignore: (req) => quiet.has((req.url ?? '').split('?')[0] ?? '') },
    customLogLevel: (_req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  }) as unknown as RequestHandler;
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
