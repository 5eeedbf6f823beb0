import { redactUrl } from './correlation.ts';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ErrorBody, ValidationIssue } from '@app/contracts';
import type { Logger } from './logger.ts';

/** One validation failure, shaped as the spec's contact call answers it: `path[0]` is the field. */
export type { ErrorBody, ValidationIssue } from '@app/contracts';

export interface AppErrorOptions {
  /** Expected errors (bad input, not found, conflict) are answered but not logged as failures. */
  expected?: boolean;
  validationErrors?: ValidationIssue[];
  cause?: unknown;
  /** Extra headers for the answer, e.g. Retry-After. */
  headers?: Record<string, string>;
  /** What the route's contract says this code carries (answered as `details`). */
  details?: Record<string, unknown>;
}

/**
 * The one error type of the platform. `code` is stable and machine-readable (`VENTURE.NOT_FOUND`);
 * `message` is safe to show to a user.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly expected: boolean;
  readonly validationErrors: ValidationIssue[] | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, status: number, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.expected = options.expected ?? status < 500;
    this.validationErrors = options.validationErrors;
    this.headers = options.headers;
    this.details = options.details;
  }

  static badRequest(
    message: string,
    validationErrors?: ValidationIssue[],
    code = 'REQUEST.INVALID',
  ): AppError {
    return new AppError(code, 400, message, { validationErrors });
  }
  static unauthorized(message = 'Not authenticated', code = 'AUTH.UNAUTHENTICATED'): AppError {
    return new AppError(code, 401, message);
  }
  static forbidden(message = 'Forbidden', code = 'AUTH.FORBIDDEN'): AppError {
    return new AppError(code, 403, message);
  }
  static notFound(message = 'Not found', code = 'RESOURCE.NOT_FOUND'): AppError {
    return new AppError(code, 404, message);
  }
  static conflict(message: string, code = 'RESOURCE.CONFLICT'): AppError {
    return new AppError(code, 409, message);
  }
  static unavailable(message = 'Service temporarily unavailable', code = 'SERVICE.UNAVAILABLE'): AppError {
    return new AppError(code, 503, message, { expected: false });
  }
}

function zodIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: issue.message,
  }));
}

/**
 * Parses input with a zod schema; a failure becomes a 400 AppError whose message is the first issue's
 * message (so a form can show it as is) and whose validationErrors list every issue.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = zodIssues(result.error);
  throw AppError.badRequest(issues[0]?.message ?? 'Invalid request', issues);
}

/** Answers unknown routes with a JSON 404 (never express's HTML page). */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(AppError.notFound(`No route for ${req.method} ${redactUrl(req.path)}`, 'ROUTE.NOT_FOUND'));
};

/** Maps body-parser and other framework errors to AppErrors so they get the same JSON shape. */
function normalise(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) {
    const issues = zodIssues(err);
    return AppError.badRequest(issues[0]?.message ?? 'Invalid request', issues);
  }
  const e = err as {
    type?: string;
    status?: number;
    statusCode?: number;
    expose?: boolean;
    message?: string;
  };
  const status = e?.status ?? e?.statusCode;
  // express's router could not decode a path parameter (`/api/ventures/%ff`): the client's mistake.
  if (err instanceof URIError)
    return AppError.badRequest(
      'The address contains an invalid percent-encoding',
      undefined,
      'REQUEST.MALFORMED_PATH',
    );
  if (e?.type === 'entity.parse.failed')
    return AppError.badRequest('Request body is not valid JSON', undefined, 'REQUEST.MALFORMED_JSON');
  if (e?.type === 'entity.too.large')
    return new AppError('REQUEST.TOO_LARGE', 413, 'Request body is too large');
  if (e?.type === 'charset.unsupported' || e?.type === 'encoding.unsupported')
    return new AppError('REQUEST.UNSUPPORTED_ENCODING', 415, 'Unsupported request encoding');
  if (typeof status === 'number' && status >= 400 && status < 500 && e?.expose)
    return new AppError('REQUEST.INVALID', status, e.message ?? 'Invalid request');
  const name = (err as { name?: string })?.name ?? '';
  if (
    /^Mongo(Server)?(Network|Selection|NotConnected|Topology)/.test(name) ||
    name === 'MongoNetworkTimeoutError' ||
    name === 'MongoOperationTimeoutError' ||
    name === 'MongoPoolClearedError' ||
    // The pool cleared under an operation when the monitor found the server hung (a MongoNetworkError).
    name === 'PoolClearedOnNetworkError' ||
    name === 'MongoWaitQueueTimeoutError'
  )
    return AppError.unavailable('The database is temporarily unavailable');
  return new AppError('INTERNAL', 500, 'Something went wrong on our side. Please try again.', {
    expected: false,
    cause: err,
  });
}

/**
 * The one error middleware: renders `{ code, message, validationErrors? }`, logs unexpected errors with an id
 * (sent back as `errorId` so support can find the log line), never sends a stack or internal names.
 * `shape` may add to the body where a call's reply has a shape of its own (the contact form's `success`).
 */
export function errorMiddleware(
  logger: Logger,
  shape: (req: Request, body: ErrorBody) => object = (_req, body) => body,
): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const error = normalise(err);
    const body: ErrorBody = { code: error.code, message: error.message };
    if (error.validationErrors) body.validationErrors = error.validationErrors;
    if (error.details) body.details = error.details;
    if (!error.expected) {
      body.errorId = randomUUID();
      (req.log ?? logger).error({ err, errorId: body.errorId, code: error.code }, 'request failed');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
    res.status(error.status).json(shape(req, body));
  };
}
