import { pathOf, type PathParams, type RouteAnswer, type RouteBody, type RouteSpec } from '@app/contracts';
import { AppError } from './errors.ts';
import type { InternalClient } from './internal-client.ts';

export type RouteCall<R extends RouteSpec> = {
  /** Sent as the query string, in this order. */
  query?: Record<string, string | number>;
  body?: RouteBody<R>;
  correlationId?: string;
  /**
   * Checks the answer against the route's answer schema (a mismatch is a 502 `UPSTREAM.INVALID_ANSWER`).
   * Cheap for one record; lists that are only passed on are typed, not checked.
   */
  parse?: boolean;
} & ([keyof PathParams<R['path']>] extends [never]
  ? { params?: undefined }
  : /** The values of the route's `:name` path segments. */
    { params: PathParams<R['path']> });

/**
 * Calls another service's route, typed by its contract (`@app/contracts`): the path is built from the
 * route, the answer is the route's answer type. Errors are the internal client's (the remote status, code
 * and message pass through).
 */
export async function callRoute<R extends RouteSpec>(
  client: InternalClient,
  service: string,
  route: R,
  call: RouteCall<R>,
): Promise<RouteAnswer<R>> {
  // pathOf's parameter list depends on the route's path, which is generic here.
  const build = pathOf as (route: { path: string }, params: object) => string;
  const path = build(route, call.params ?? {});
  const query = call.query
    ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
    : '';
  const answer = await client.request<unknown>(
    service,
    route.method,
    `${path}${query}`,
    call.body,
    call.correlationId === undefined ? {} : { correlationId: call.correlationId },
  );
  if (!call.parse) return answer as RouteAnswer<R>;
  const parsed = route.answer.safeParse(answer);
  if (!parsed.success) {
    throw new AppError(
      'UPSTREAM.INVALID_ANSWER',
      502,
      `The ${service} service answered ${route.method} ${route.path} with an unexpected body`,
      { expected: false, cause: parsed.error },
    );
  }
  return parsed.data as RouteAnswer<R>;
}
