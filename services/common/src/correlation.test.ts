import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { CORRELATION_HEADER, redactUrl, requestContext } from './correlation.ts';
import { listen, serverPort } from './shutdown.ts';

/** A logger writing its JSON lines into `lines`. */
function capturingLogger(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: pino({ level, base: null }, sink), lines };
}

async function serve(app: express.Express): Promise<{ base: string; server: Server }> {
  const server = await listen(app, 0, '127.0.0.1');
  return { base: `http://127.0.0.1:${serverPort(server)}`, server };
}

function appWith(logger: ReturnType<typeof capturingLogger>['logger']) {
  const app = express();
  app.use(requestContext(logger));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/ok', (req, res) => {
    req.log.info({ step: 'inside' }, 'handler ran');
    res.json({ id: req.id });
  });
  app.get('/missing', (_req, res) => {
    res.status(404).json({ error: 'nope' });
  });
  app.get('/broken', (_req, res) => {
    res.status(503).json({ error: 'down' });
  });
  return app;
}

describe('requestContext', () => {
  const captured = capturingLogger();
  let server: Server;
  let base: string;

  beforeAll(async () => {
    ({ server, base } = await serve(appWith(captured.logger)));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    captured.lines.length = 0;
  });

  it('when a safe correlation id comes in, then it is echoed, on req.id and in every log line of the request', async () => {
    const res = await fetch(`${base}/ok?x=1`, { headers: { [CORRELATION_HEADER]: 'req-42' } });
    expect(res.headers.get(CORRELATION_HEADER)).toBe('req-42');
    expect(await res.json()).toEqual({ id: 'req-42' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(captured.lines).toEqual([
      expect.objectContaining({ correlationId: 'req-42', step: 'inside', msg: 'handler ran' }),
      expect.objectContaining({
        level: 30,
        correlationId: 'req-42',
        req: { method: 'GET', url: '/ok?x=1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      }),
    ]);
  });

  it('when the incoming id is unsafe or absent, then a fresh UUID is used', async () => {
    const unsafe = await fetch(`${base}/ok`, { headers: { [CORRELATION_HEADER]: 'bad id\twith tab' } });
    const absent = await fetch(`${base}/ok`);
    for (const res of [unsafe, absent])
      expect(res.headers.get(CORRELATION_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(unsafe.headers.get(CORRELATION_HEADER)).not.toBe(absent.headers.get(CORRELATION_HEADER));
  });

  it('4xx answers are logged as warn, 5xx as error, probes not at all', async () => {
    await fetch(`${base}/missing`);
    await fetch(`${base}/broken`);
    await fetch(`${base}/healthz`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(
      captured.lines.map((line) => [line.level, (line.res as { statusCode: number }).statusCode]),
    ).toEqual([
      [40, 404],
      [50, 503],
    ]);
  });

  it('when the level is off, then no line is built and req.log still works', async () => {
    const quiet = capturingLogger('error');
    const { server: quietServer, base: quietBase } = await serve(appWith(quiet.logger));
    const res = await fetch(`${quietBase}/ok`);
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(quiet.lines).toEqual([]);
    await new Promise((resolve) => quietServer.close(resolve));
  });

  it('req.log belongs to its request and its app: overlapping requests and a second app each log with their own id and logger', async () => {
    const other = capturingLogger();
    const slow = express();
    slow.use(requestContext(other.logger));
    slow.get('/slow/:n', async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, Number(req.params.n)));
      req.log.info('slow handler ran');
      res.json({ id: req.id });
    });
    const { server: slowServer, base: slowBase } = await serve(slow);
    const ids = ['overlap-a', 'overlap-b', 'overlap-c'];
    await Promise.all([
      ...ids.map((id, i) =>
        fetch(`${slowBase}/slow/${30 - i * 10}`, { headers: { [CORRELATION_HEADER]: id } }),
      ),
      fetch(`${base}/ok`, { headers: { [CORRELATION_HEADER]: 'first-app' } }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ran = other.lines.filter((line) => line.msg === 'slow handler ran');
    expect(ran.map((line) => line.correlationId).sort()).toEqual(ids);
    expect(other.lines.some((line) => line.correlationId === 'first-app')).toBe(false);
    expect(captured.lines.filter((line) => line.msg === 'handler ran').map((l) => l.correlationId)).toEqual([
      'first-app',
    ]);
    await new Promise((resolve) => slowServer.close(resolve));
  });
});

describe('redactUrl', () => {
  it('hides a calendar feed token in a logged path, and nothing else', () => {
    expect(redactUrl('/api/calendar/abcDEF_-123/tasks.ics')).toBe('/api/calendar/[redacted]/tasks.ics');
    expect(redactUrl('/api/calendar/abc?x=1')).toBe('/api/calendar/[redacted]?x=1');
    expect(redactUrl('/api/calendar-feed')).toBe('/api/calendar-feed');
    expect(redactUrl('/api/ventures/0123')).toBe('/api/ventures/0123');
  });
});
