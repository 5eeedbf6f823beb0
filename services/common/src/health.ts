import type { IRouter } from 'express';

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

/**
 * `GET /healthz`: the process is alive (200). `GET /readyz`: every dependency answers within ~1 s
 * (200 `{ status: 'ready', checks }`), else 503 `{ status: 'not_ready', checks }`.
 *
 * Added as routes of `target` itself, not as a router of their own: every request passes the probes'
 * place in the stack, and a nested router there is one more dispatch for each of them.
 */
export function addHealthRoutes(target: IRouter, checks: Record<string, () => Promise<boolean>>): void {
  target.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  target.get('/readyz', async (_req, res) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => runCheck(checks[name]!)));
    const report = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    const ready = results.every(Boolean);
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks: report });
  });
}
