import type { RouteAnswer, RouteSpec } from '@app/contracts';
import type { Response } from 'express';

/**
 * Sends a route's successful answer as JSON with the status its contract names (`@app/contracts`). The
 * answer is typed by the contract, so a field renamed or retyped there fails to compile where it is served.
 */
export function respond<R extends RouteSpec & { status: number }>(
  res: Response,
  route: R,
  answer: NoInfer<RouteAnswer<R>>,
): void {
  res.status(route.status).json(answer);
}
