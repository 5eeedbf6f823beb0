import type { RequestHandler } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One registry per process. In the all-in-one process every service shares it; the `service` label
 * tells them apart.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const requests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by service, route template, method and status.',
  labelNames: ['service', 'route', 'method', 'status'] as const,
  registers: [metricsRegistry],
});

const duration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency in seconds, by service, route template, method and status.',
  labelNames: ['service', 'route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/**
 * Counts and times every answer by route template (`/api/ventures/:id`, never the raw path, so label
 * cardinality stays bounded); unmatched requests are labelled `unmatched`.
 */
export function httpMetrics(service = 'app'): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const routePath = (req.route as { path?: unknown } | undefined)?.path;
      const route = typeof routePath === 'string' ? `${req.baseUrl}${routePath}` : 'unmatched';
      const labels = { service, route, method: req.method, status: String(res.statusCode) };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
    });
    next();
  };
}

/** `GET /metrics` in the Prometheus text format. */
export function metricsRoute(): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' || req.path !== '/metrics') return next();
    try {
      res.set('Content-Type', metricsRegistry.contentType).send(await metricsRegistry.metrics());
    } catch (err) {
      next(err);
    }
  };
}
