import type { Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

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
 * cardinality stays bounded). A request no express route matched is labelled by `routeOf` when given
 * (the gateway names the proxied prefix, e.g. `/api/ventures`), else `unmatched`.
 */
export function httpMetrics(service = 'app', routeOf?: (req: Request) => string | undefined): RequestHandler {
  // One listener for every answer (no closure per request); the start time rides on the response.
  function recordAnswer(this: Response): void {
    const req = this.req;
    const routePath = (req.route as { path?: unknown } | undefined)?.path;
    const route =
      typeof routePath === 'string' ? `${req.baseUrl}${routePath}` : (routeOf?.(req) ?? 'unmatched');
    const labels = { service, route, method: req.method, status: String(this.statusCode) };
    requests.inc(labels);
    duration.observe(labels, (performance.now() - (this as TimedResponse)[STARTED]) / 1000);
  }
  return (_req, res, next) => {
    (res as TimedResponse)[STARTED] = performance.now();
    res.once('finish', recordAnswer);
    next();
  };
}

const STARTED = Symbol('httpMetrics.started');
type TimedResponse = Response & { [STARTED]: number };

/** `GET /metrics` in the Prometheus text format: mount it with `app.get('/metrics', metricsRoute())`. */
export function metricsRoute(): RequestHandler {
  return async (_req, res, next) => {
    try {
      res.set('Content-Type', metricsRegistry.contentType).send(await metricsRegistry.metrics());
    } catch (err) {
      next(err);
    }
  };
}

/** Gateway: a session could not be loaded from or written to the store (Redis), by operation. */
export const sessionStoreErrors = new Counter({
  name: 'session_store_errors_total',
  help: 'Session store (Redis) failures seen by the gateway, by operation: load, open, close, revoke-others, close-all, revoke-user.',
  labelNames: ['operation'] as const,
  registers: [metricsRegistry],
});

/** Events the outbox relay handed to the broker (confirmed), by the model that held them. */
export const outboxPublished = new Counter({
  name: 'outbox_events_published_total',
  help: 'Outbox events published to the broker and confirmed, by model.',
  labelNames: ['model'] as const,
  registers: [metricsRegistry],
});

/** Relay passes that failed (broker or database away); the events stay in the outbox and are retried. */
export const outboxRelayFailures = new Counter({
  name: 'outbox_relay_failures_total',
  help: 'Outbox relay passes that failed (broker or database unavailable), by model (a relay of several models: their names joined by commas).',
  labelNames: ['model'] as const,
  registers: [metricsRegistry],
});

interface OutboxSource {
  models: string;
  stats(): Promise<{ pending: number; oldestAgeMs: number | null }>;
}

const outboxSources = new Set<OutboxSource>();
/** A scrape must not hang on a database that is away: a source slower than this is left out. */
const OUTBOX_STATS_TIMEOUT_MS = 1000;
let outboxSnapshot: {
  at: number;
  values: Promise<Map<string, { pending: number; ageSeconds: number }>>;
} | null = null;

async function readOutboxSource(source: OutboxSource) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      source.stats(),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), OUTBOX_STATS_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** One read of every relay's backlog per scrape, shared by the two gauges below. */
function outboxValues(): Promise<Map<string, { pending: number; ageSeconds: number }>> {
  if (outboxSnapshot && Date.now() - outboxSnapshot.at < 500) return outboxSnapshot.values;
  const values = (async () => {
    const byModels = new Map<string, { pending: number; ageSeconds: number }>();
    const sources = [...outboxSources];
    const stats = await Promise.all(sources.map(readOutboxSource));
    sources.forEach((source, i) => {
      const s = stats[i];
      if (!s) return;
      const entry = byModels.get(source.models) ?? { pending: 0, ageSeconds: 0 };
      entry.pending += s.pending;
      entry.ageSeconds = Math.max(entry.ageSeconds, (s.oldestAgeMs ?? 0) / 1000);
      byModels.set(source.models, entry);
    });
    return byModels;
  })();
  outboxSnapshot = { at: Date.now(), values };
  return values;
}

new Gauge({
  name: 'outbox_pending_documents',
  help: 'Documents holding at least one unpublished event (the outbox backlog), by model (a relay of several models: their names joined by commas).',
  labelNames: ['model'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [models, v] of await outboxValues()) this.set({ model: models }, v.pending);
  },
});

new Gauge({
  name: 'outbox_oldest_event_age_seconds',
  help: 'Age of the oldest unpublished outbox event (0 when the outbox is empty), by model (a relay of several models: their names joined by commas).',
  labelNames: ['model'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [models, v] of await outboxValues()) this.set({ model: models }, v.ageSeconds);
  },
});

/**
 * Reports a running outbox relay's backlog in `outbox_pending_documents` and
 * `outbox_oldest_event_age_seconds` (read at scrape time). Returns the function that stops reporting it.
 */
export function reportOutbox(models: string, stats: OutboxSource['stats']): () => void {
  const source: OutboxSource = { models, stats };
  outboxSources.add(source);
  outboxSnapshot = null;
  return () => {
    outboxSources.delete(source);
    outboxSnapshot = null;
  };
}
