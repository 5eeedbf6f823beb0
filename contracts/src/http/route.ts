import { z } from 'zod';

/*
 * An HTTP route as a value: method, path, the schemas of what it takes (params, query, body) and of what it
 * answers, and the error codes it may answer with. Services validate with these schemas and type their
 * answers by them; clients (the web app, the admin service) infer what they send and get from them.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The prefix of service-to-service routes (never routed by the gateway). */
export const INTERNAL_PREFIX = '/internal';

export interface RouteSpec {
  method: HttpMethod;
  /** The full path as a client calls it, express-style (`/api/ventures/:id`, `/internal/users/:id`). */
  path: string;
  /** The status of a successful answer (200 unless said otherwise). */
  status?: 200 | 201;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON of a successful answer. */
  answer: z.ZodType;
  /** The codes of the error bodies this route itself may answer (besides `COMMON_ERROR_CODES`). */
  errors?: readonly string[];
}

export type Route<R extends RouteSpec = RouteSpec> = R & { status: 200 | 201; errors: readonly string[] };

/** Declares a route; keeps every literal (method, path, codes) in its type. */
export function defineRoute<const R extends RouteSpec>(
  route: R,
): R & {
  status: R['status'] extends 200 | 201 ? R['status'] : 200;
  errors: R['errors'] extends readonly string[] ? R['errors'] : readonly [];
} {
  return { ...route, status: route.status ?? 200, errors: route.errors ?? [] } as never;
}

type SchemaOf<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType }
  ? S
  : never;

/** What a client sends as the route's body (before the service's trimming and defaults). */
export type RouteBody<R extends RouteSpec> = [SchemaOf<R, 'body'>] extends [never]
  ? undefined
  : z.input<SchemaOf<R, 'body'>>;
/** The body as the service has it after validation. */
export type RouteInput<R extends RouteSpec> = [SchemaOf<R, 'body'>] extends [never]
  ? undefined
  : z.output<SchemaOf<R, 'body'>>;
/** The query a client may send. */
export type RouteQuery<R extends RouteSpec> = [SchemaOf<R, 'query'>] extends [never]
  ? undefined
  : z.input<SchemaOf<R, 'query'>>;
/** The path parameters as the service has them after validation. */
export type RouteParams<R extends RouteSpec> = [SchemaOf<R, 'params'>] extends [never]
  ? Record<string, never>
  : z.output<SchemaOf<R, 'params'>>;
/** The JSON of a successful answer. */
export type RouteAnswer<R extends RouteSpec> = z.output<R['answer']>;
/** The codes of the error bodies a route may answer. */
export type RouteErrorCode<R extends RouteSpec> =
  (R['errors'] extends readonly (infer C extends string)[] ? C : never) | CommonErrorCode;

// ---- Paths -----------------------------------------------------------------------------------------------

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a path template needs, e.g. `{ id: string }` for `/api/ventures/:id`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

/**
 * The path to call, with each `:name` replaced by its value, URI-encoded:
 * `pathOf(ventureApi.getVenture, { id })`.
 */
export function pathOf<R extends { path: string }>(
  route: R,
  ...params: [ParamNames<R['path']>] extends [never] ? [] : [PathParams<R['path']>]
): string {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The path an internal route is registered on inside the service's `/internal` router. */
export function internalRouterPath(route: { path: string }): string {
  if (!route.path.startsWith(`${INTERNAL_PREFIX}/`)) throw new Error(`Not an internal route: ${route.path}`);
  return route.path.slice(INTERNAL_PREFIX.length);
}

// ---- Shared answers ----------------------------------------------------------------------------------------

/** One validation failure: `path[0]` is the field. */
export const validationIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ValidationIssue = z.output<typeof validationIssueSchema>;

/** The JSON body of every error answer. */
export const errorBodySchema = z.object({
  /** Stable and machine-readable, e.g. `VENTURE.NOT_FOUND`. */
  code: z.string(),
  /** Safe to show to a user as it is. */
  message: z.string(),
  validationErrors: z.array(validationIssueSchema).optional(),
  /** On unexpected errors: the id of the log line, for support. */
  errorId: z.string().optional(),
  /** What a route's contract says a code carries (e.g. the open prerequisites of `TASK.PREREQUISITES_OPEN`). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.output<typeof errorBodySchema>;

/** `{ success: true }`: the answer of a change that has nothing else to say. */
export const successSchema = z.object({ success: z.literal(true) });

/** `{ success: true, message }`. */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });

/**
 * Codes any route may answer: malformed requests, the identity check, the gateway's session store, CSRF
 * and upstream failures, and the unexpected.
 */
export const COMMON_ERROR_CODES = [
  'REQUEST.INVALID',
  'REQUEST.MALFORMED_JSON',
  'REQUEST.TOO_LARGE',
  'REQUEST.TOO_DEEP',
  'REQUEST.UNSUPPORTED_ENCODING',
  'REQUEST.UNSUPPORTED_MEDIA_TYPE',
  'ROUTE.NOT_FOUND',
  'AUTH.INVALID_IDENTITY',
  'AUTH.INTERNAL_ONLY',
  'CSRF.MISSING_HEADER',
  'CSRF.CROSS_SITE',
  'CSRF.BAD_ORIGIN',
  'SESSION.STORE_UNAVAILABLE',
  'RATE_LIMIT.STORE_UNAVAILABLE',
  'SERVICE.UNAVAILABLE',
  'UPSTREAM.UNAVAILABLE',
  'UPSTREAM.TIMEOUT',
  'UPSTREAM.ERROR',
  'UPSTREAM.INVALID_ANSWER',
  'INTERNAL',
] as const;
export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number];

/** A 24-hex-digit id in a path: a malformed one is 400 with `message`; a well-formed unknown one is 404. */
export const objectIdParams = (message: string) =>
  z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/i, message) });

/** A positive whole number id in a path (as text), parsed to a number. */
export const numericIdParams = (message: string) =>
  z.strictObject({
    id: z
      .string()
      .regex(/^[1-9][0-9]{0,8}$/, message)
      .transform((value) => Number(value)),
  });

/** A string field whose "missing" message differs from its "wrong type" message. */
export function text(missing: string, wrongType = missing): z.ZodString {
  return z.string({ error: (issue) => (issue.input === undefined ? missing : wrongType) });
}

// ---- Cursor pages (issue 18) -------------------------------------------------------------------------------

/**
 * A page of a long list, ordered by a stable key: `nextCursor` is opaque (the service encodes its last row's
 * sort key in it) and null on the last page. A client passes it back as `cursor` for the next page.
 */
export function cursorPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** `?cursor=&limit=` of a paged list: at most 200 rows a page, 50 by default. A malformed cursor is 400. */
export const cursorQuery = z.strictObject({
  cursor: z
    .string('The list position (cursor) must be text')
    .max(200, 'The list position (cursor) is not valid. Load the list again from the first page.')
    .optional(),
  limit: z.coerce
    .number('limit must be a whole number from 1 to 200')
    .int('limit must be a whole number from 1 to 200')
    .min(1, 'limit must be a whole number from 1 to 200')
    .max(200, 'limit must be a whole number from 1 to 200')
    .default(50),
});

/** The code and message of a `cursor` no service issued, or one that was altered (400). */
export const INVALID_CURSOR_CODE = 'PAGE.INVALID_CURSOR';
export const INVALID_CURSOR_MESSAGE =
  'The list position (cursor) is not valid. Load the list again from the first page.';

/** At most this many characters of search text (`q`). */
export const SEARCH_TEXT_MAX = 100;

/**
 * `?cursor=&limit=&q=` of a paged list that can be searched on the server: every word of `q` must appear,
 * ignoring case, in one of the list's searched fields. Empty or absent `q`: the whole list.
 */
export const searchablePageQuery = cursorQuery.extend({
  q: z
    .string('Search text must be text')
    .trim()
    .max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`)
    .optional(),
});
export type SearchablePageQuery = z.output<typeof searchablePageQuery>;

/** A cursor page with its search, as a service's paging functions take it. */
export type PageRequest = Pick<SearchablePageQuery, 'cursor' | 'limit' | 'q'>;

/** A query parameter listing ids (`?ids=a,b,c`): at most 200 ids of 24 hex digits, comma-separated. */
export const idListParam = (name: string) =>
  z
    .string(`${name} must be a comma-separated list of ids`)
    .max(200 * 25, `${name} may name at most 200 ids`)
    .transform((value) => [...new Set(value.split(',').filter((id) => id !== ''))])
    .pipe(
      z
        .array(z.string().regex(/^[0-9a-f]{24}$/i, `${name} must be ids of 24 hex digits`))
        .max(200, `${name} may name at most 200 ids`),
    );
