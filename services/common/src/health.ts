import type { IRouter, RequestHandler } from 'express';

/** A dependency that answers slower than this counts as down: a probe must never hang. */
export const HEALTH_CHECK_TIMEOUT_MS = 1000;

async function runCheck(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_CHECK_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([Promise.resolve().then(check), timeout])) === true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export type HealthChecks = Record<string, () => Promise<boolean>>;

/** `GET /healthz`: the process is alive. It reads nothing, so it may sit before any middleware. */
export const liveness: RequestHandler = (_req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json({ status: 'ok' });
};

/**
 * `GET /healthz`: the process is alive (200). `GET /readyz`: every dependency answers within ~1 s
 * (200 `{ status: 'ready', checks }`), else 503 `{ status: 'not_ready', checks }` when one of `checks`
 * fails. `rideOut` checks are reported the same way but never take the pod out of traffic: shared
 * dependencies the deployable keeps serving without (the gateway's Redis: public pages and anonymous
 * calls; the venture service's broker: events wait in the outbox). Their failure answers 200
 * `{ status: 'degraded', checks }`: taking every replica out of its Service for an outage they all share
 * would turn a partial outage into a whole one.
 *
 * Added as routes of `target` itself, not as a router of their own: every request passes the probes'
 * place in the stack, and a nested router there is one more dispatch for each of them.
 */
export function addHealthRoutes(target: IRouter, checks: HealthChecks, rideOut: HealthChecks = {}): void {
  target.get('/healthz', liveness);
  addReadinessRoute(target, checks, rideOut);
}

/** `GET /readyz` alone (`addHealthRoutes`), for an app that mounts `liveness` elsewhere in its stack. */
export function addReadinessRoute(target: IRouter, checks: HealthChecks, rideOut: HealthChecks = {}): void {
  target.get('/readyz', async (_req, res) => {
    const all = { ...checks, ...rideOut };
    const names = Object.keys(all);
    const results = await Promise.all(names.map((name) => runCheck(all[name]!)));
    const report = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    const ready = Object.keys(checks).every((name) => report[name]);
    const status = !ready ? 'not_ready' : results.every(Boolean) ? 'ready' : 'degraded';
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status, checks: report });
  });
}
