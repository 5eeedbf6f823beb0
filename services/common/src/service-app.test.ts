import type { Server } from 'node:http';
import { pino } from 'pino';
import { AppError, parseInput } from './errors.ts';
import { IDENTITY_HEADER, requireUserId, signIdentity } from './identity.ts';
import { metricsRegistry } from './metrics.ts';
import { createServiceApp } from './service-app.ts';
import { listen, serverPort } from './shutdown.ts';
import { z } from 'zod';

const secret = 'k7Qm2vX9pL4rT8wZ1bN6cH3jF5sD0gYa';
/** A secret being rotated out (INTERNAL_SECRET_PREVIOUS): still accepted, never used to sign. */
const previousSecret = 'Pr3v10usS3cr3tPr3v10usS3cr3t0000';
/** What the service logged, one parsed pino line each. */
const logLines: { level: number; msg?: string; err?: { stack?: string } }[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
let server: Server;
let base: string;
let dbUp = true;
let brokerUp = true;
let hang = false;

function identity(
  opts: { sub?: string | null; svc?: string; aud?: string; signedWith?: string } = {},
): Record<string, string> {
  return {
    [IDENTITY_HEADER]: signIdentity(opts.signedWith ?? secret, {
      sub: opts.sub === undefined ? 'u1' : opts.sub,
      aud: opts.aud ?? 'widget',
      ...(opts.svc ? { svc: opts.svc } : {}),
    }),
  };
}

beforeAll(async () => {
  const app = createServiceApp({
    name: 'widget',
    secret: [secret, previousSecret],
    logger,
    checks: {
      db: async () => dbUp,
      slow: () => (hang ? new Promise<boolean>(() => undefined) : Promise.resolve(true)),
    },
    rideOutChecks: { broker: async () => brokerUp },
    routes: (router) => {
      router.post('/api/widgets', (req, res) => {
        const input = parseInput(z.strictObject({ name: z.string().min(1, 'Name is required') }), req.body);
        res.status(201).json({ name: input.name, owner: requireUserId(req) });
      });
      router.get('/api/widgets/:id', (req, res) => {
        if (req.params.id === 'missing') throw AppError.notFound('Widget not found', 'WIDGET.NOT_FOUND');
        if (req.params.id === 'boom') throw new Error('secret internal detail at /srv/widget.ts:12');
        res.json({ id: req.params.id, correlationId: req.log.bindings().correlationId });
      });
    },
    internalRoutes: (router) => {
      router.get('/widgets', (req, res) => {
        res.json({ caller: req.identity?.svc });
      });
    },
  });
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${serverPort(server)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('service app: identity', () => {
  it('when a request bypasses the gateway (no identity), then it gets 401 JSON', async () => {
    const res = await fetch(`${base}/api/widgets/1`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'AUTH.INVALID_IDENTITY',
      message: 'Missing or invalid internal identity',
    });
  });

  it('when the identity was minted for another service, then it gets 401', async () => {
    const res = await fetch(`${base}/api/widgets/1`, { headers: identity({ aud: 'auth' }) });
    expect(res.status).toBe(401);
  });

  it('during a rotation, an identity signed with the earlier secret is still accepted, one signed with any other is not', async () => {
    const earlier = await fetch(`${base}/api/widgets/w1`, {
      headers: identity({ signedWith: previousSecret }),
    });
    expect(earlier.status).toBe(200);
    const other = await fetch(`${base}/api/widgets/w1`, {
      headers: identity({ signedWith: 'another-secret-another-secret-xx' }),
    });
    expect(other.status).toBe(401);
  });

  it('when the identity is valid, then the route answers with no-store and the correlation id echoed', async () => {
    const res = await fetch(`${base}/api/widgets/7`, {
      headers: { ...identity(), 'x-request-id': 'req-abc' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req-abc');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(await res.json()).toEqual({ id: '7', correlationId: 'req-abc' });
  });

  it('when no correlation id comes in (or an unsafe one), then a fresh UUID is used', async () => {
    const res = await fetch(`${base}/api/widgets/7`, {
      headers: { ...identity(), 'x-request-id': 'bad id\twith spaces' },
    });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('internal routes answer service callers only', async () => {
    const asService = await fetch(`${base}/internal/widgets`, {
      headers: identity({ sub: null, svc: 'admin' }),
    });
    expect(asService.status).toBe(200);
    expect(await asService.json()).toEqual({ caller: 'admin' });
    const asUser = await fetch(`${base}/internal/widgets`, { headers: identity() });
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual({ code: 'AUTH.INTERNAL_ONLY', message: 'Internal endpoint' });
  });
});

describe('service app: error bodies', () => {
  it('an expected error renders { code, message } with its status', async () => {
    const res = await fetch(`${base}/api/widgets/missing`, { headers: identity() });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'WIDGET.NOT_FOUND', message: 'Widget not found' });
  });

  it('an unexpected error is a 500 with an error id and no stack or internal detail', async () => {
    const res = await fetch(`${base}/api/widgets/boom`, { headers: identity() });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/secret internal detail|widget\.ts|at /);
    expect(JSON.parse(text)).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
      errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('a malformed percent-encoding in a path is a JSON 400, logged as a client error without a stack at error level', async () => {
    const before = logLines.length;
    for (const path of ['/api/widgets/%ff', '/api/widgets/%E0%A4%A', '/api/widgets/%']) {
      const res = await fetch(base + path, { headers: identity() });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'REQUEST.MALFORMED_PATH',
        message: 'The address contains an invalid percent-encoding',
      });
    }
    const logged = logLines.slice(before);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(JSON.stringify(logged)).not.toMatch(/URIError|at decodeParam/);
  });

  it('an unknown route is a JSON 404', async () => {
    const res = await fetch(`${base}/api/nothing`, { headers: identity() });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'ROUTE.NOT_FOUND', message: 'No route for GET /api/nothing' });
  });

  it('invalid input is a 400 listing every issue', async () => {
    const res = await fetch(`${base}/api/widgets`, {
      method: 'POST',
      headers: { ...identity(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', isAdmin: true }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'REQUEST.INVALID',
      message: 'Name is required',
      validationErrors: [
        { path: ['name'], message: 'Name is required' },
        { path: [], message: expect.stringContaining('isAdmin') },
      ],
    });
  });

  it('malformed JSON is a 400', async () => {
    const res = await fetch(`${base}/api/widgets`, {
      method: 'POST',
      headers: { ...identity(), 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'REQUEST.MALFORMED_JSON',
      message: 'Request body is not valid JSON',
    });
  });

  it('a non-JSON body is a 415', async () => {
    const res = await fetch(`${base}/api/widgets`, {
      method: 'POST',
      headers: { ...identity(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      code: 'REQUEST.UNSUPPORTED_MEDIA_TYPE',
      message: 'Content-Type must be application/json',
    });
    // A DELETE may carry a body too (the account deletion's password): the same rule.
    const removal = await fetch(`${base}/api/widgets/1`, {
      method: 'DELETE',
      headers: { ...identity(), 'content-type': 'text/plain' },
      body: '{"password":"x"}',
    });
    expect(removal.status).toBe(415);
  });

  it('a 1 MB body is a 413', async () => {
    const res = await fetch(`${base}/api/widgets`, {
      method: 'POST',
      headers: { ...identity(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'REQUEST.TOO_LARGE', message: 'Request body is too large' });
  });

  it('deeply nested JSON is a quick 400', async () => {
    const depth = 40_000;
    const res = await fetch(`${base}/api/widgets`, {
      method: 'POST',
      headers: { ...identity(), 'content-type': 'application/json' },
      body: `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'REQUEST.TOO_DEEP',
      message: 'Request body is nested too deeply',
    });
  });

  it('while deep and large bodies arrive, the event loop keeps answering other requests', async () => {
    const deep = `{"name":${'['.repeat(40_000)}${']'.repeat(40_000)}}`;
    const wide = JSON.stringify({ name: 'x'.repeat(90_000) });
    const hostile = Array.from({ length: 20 }, (_, i) =>
      fetch(`${base}/api/widgets`, {
        method: 'POST',
        headers: { ...identity(), 'content-type': 'application/json' },
        body: i % 2 === 0 ? deep : wide,
      }).then((res) => res.status),
    );
    const probes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const res = await fetch(`${base}/healthz`);
      expect(res.status).toBe(200);
      probes.push(performance.now() - started);
    }
    const statuses = await Promise.all(hostile);
    expect(new Set(statuses)).toEqual(new Set([400, 201]));
    // No hang: a generous bound (the figure itself belongs to the bench).
    expect(Math.max(...probes)).toBeLessThan(2000);
  });
});

describe('service app: probes and metrics', () => {
  it('/healthz answers without identity', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/healthz is answered before the request context and the metrics: probes are neither counted nor given a correlation id, every other call is', async () => {
    const counted = async (route: string) => {
      const text = await metricsRegistry.metrics();
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('http_requests_total{') &&
            l.includes('service="widget"') &&
            l.includes(`route="${route}"`),
        );
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const probesBefore = await counted('/healthz');
    const readinessBefore = await counted('/readyz');
    const probe = await fetch(`${base}/healthz`);
    expect(probe.headers.get('cache-control')).toBe('no-store');
    expect(probe.headers.get('x-request-id')).toBeNull();
    const ready = await fetch(`${base}/readyz`, { headers: { 'x-request-id': 'probe-1' } });
    expect(ready.headers.get('x-request-id')).toBe('probe-1');
    expect(await counted('/healthz')).toBe(probesBefore);
    expect(await counted('/readyz')).toBe(readinessBefore + 1);
  });

  it('/readyz is 200 when every check passes', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { db: true, slow: true, broker: true } });
  });

  it('/readyz stays 200 "degraded" while only a ridden-out check fails, and names it', async () => {
    brokerUp = false;
    try {
      const res = await fetch(`${base}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        status: 'degraded',
        checks: { db: true, slow: true, broker: false },
      });
    } finally {
      brokerUp = true;
    }
  });

  it('/readyz is 503 when a check fails or hangs past a second, naming each check', async () => {
    dbUp = false;
    hang = true;
    const started = Date.now();
    const res = await fetch(`${base}/readyz`);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'not_ready',
      checks: { db: false, slow: false, broker: true },
    });
    dbUp = true;
    hang = false;
  });

  it('/metrics serves request counters by route template', async () => {
    await fetch(`${base}/api/widgets/42`, { headers: identity() });
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(
      /http_requests_total\{service="widget",route="\/api\/widgets\/:id",method="GET",status="200"\} \d+/,
    );
    expect(text).not.toContain('/api/widgets/42');
  });
});
