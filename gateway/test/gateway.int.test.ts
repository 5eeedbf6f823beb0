import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { createLogger, IDENTITY_HEADER, listen, verifyIdentity } from '@app/common';
import { createApp } from '../src/app.ts';
import { gatewayConfigSchema, type GatewayConfig } from '../src/config.ts';
import { createRedisClient, waitForRedis } from '../src/session/redis-client.ts';
import { startFaultProxy, testRedis, type FaultProxy } from '@app/testing';

/*
 * The gateway against a stand-in auth service that records what it receives and answers with session
 * actions, with real Redis when REDIS_URL is set (CI), else the in-memory store (the Redis fault cases
 * are then reported as skipped).
 */
const redisServer = await testRedis();
const REDIS_URL = redisServer.url;
afterAll(async () => {
  if (redisServer.url) await redisServer.stop();
});
const SECRET = 'test-internal-secret-0123456789abcdef0123';
/** A client address of its own per call site and run (counters per client outlive a run in Redis). */
const runTag = `${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
let clients = 0;
const newClient = () => ({ 'x-forwarded-for': `10.${runTag}.${++clients % 250}` });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** Where users reach the app: the one origin state-changing calls may come from. */
const PUBLIC_URL = 'https://roadmap.example';

/** A web build with the visitor's pre-rendered landing page and the app shell. */
const webDist = mkdtempSync(path.join(tmpdir(), 'gateway-web-'));
mkdirSync(path.join(webDist, 'about'));
writeFileSync(path.join(webDist, 'index.html'), '<html>landing</html>');
writeFileSync(path.join(webDist, 'about', 'index.html'), '<html>about</html>');
writeFileSync(path.join(webDist, '200.html'), '<html>shell</html>');
writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

async function page(base: string, pathname: string, cookie?: string) {
  const res = await fetch(base + pathname, {
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  return { vary: res.headers.get('vary'), body: await res.text() };
}
const logger = createLogger({ name: 'gateway-test', level: 'silent' });

interface Seen {
  identity: ReturnType<typeof verifyIdentity>;
  cookie: string | undefined;
  body: unknown;
}

async function startUpstream() {
  const seen: Seen[] = [];
  const app = express();
  app.use(express.json());
  app.use((req, _res, next) => {
    seen.push({
      identity: verifyIdentity(SECRET, req.get(IDENTITY_HEADER), 'auth'),
      cookie: req.get('cookie'),
      body: req.body,
    });
    next();
  });
  app.post('/api/login', (req, res) => {
    if (req.body.password !== 'right')
      return res.status(401).json({ code: 'AUTH.INVALID_CREDENTIALS', message: 'Invalid email or password' });
    res.setHeader(
      'x-session-action',
      `open; user=user-${req.body.username}; remember=${req.body.rememberMe ? 1 : 0}`,
    );
    res.json({ id: `user-${req.body.username}`, username: req.body.username });
  });
  app.get('/api/user', (req, res) => {
    const identity = verifyIdentity(SECRET, req.get(IDENTITY_HEADER), 'auth');
    if (!identity?.sub)
      return res.status(401).json({ code: 'AUTH.UNAUTHENTICATED', message: 'Not authenticated' });
    res.json({ id: identity.sub, sid: identity.sid });
  });
  // Echoes what arrived of a body the gateway streams through without reading it.
  app.put('/api/user/profile', (req, res) => {
    res.json({
      body: req.body,
      connection: req.get('connection') ?? null,
      keepAlive: req.get('keep-alive') ?? null,
      chunked: req.get('transfer-encoding') === 'chunked',
    });
  });
  app.post('/api/logout', (_req, res) => {
    res.setHeader('x-session-action', 'close');
    res.json({ success: true });
  });
  app.post('/api/user/change-password', (req, res) => {
    if (req.body.currentPassword !== 'right')
      return res.status(400).json({ code: 'AUTH.WRONG_PASSWORD', message: 'Current password is incorrect' });
    res.setHeader('x-session-action', 'revoke-others');
    res.json({ success: true });
  });
  app.delete('/api/user/account', (req, res) => {
    if (req.body.password !== 'right')
      return res.status(400).json({ code: 'AUTH.WRONG_PASSWORD', message: 'Password is incorrect' });
    res.setHeader('x-session-action', 'close-all');
    res.json({ success: true });
  });
  app.post('/api/forgot-password', (_req, res) => {
    res.json({
      success: true,
      message: 'If an account exists for that address, a reset link is on its way.',
    });
  });
  app.post('/api/contact', (req, res) => {
    if (!req.body.message)
      return res
        .status(400)
        .json({ success: false, code: 'REQUEST.INVALID', message: 'Message is required' });
    res.json({ success: true, message: 'sent' });
  });
  // Stands in for the admin service deactivating a user: it asks the gateway to end their sessions.
  app.patch('/api/admin/users/:id', (req, res) => {
    res.setHeader('x-session-action', `revoke-user; user=${req.params.id}`);
    res.json({ id: req.params.id, isActive: false });
  });
  app.get('/api/user/broken', (_req, res) => {
    res
      .status(500)
      .json({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
  });
  // RFC 8058 one-click unsubscribe: the token in the URL authorizes it.
  app.post('/api/unsubscribe', (req, res) => {
    res.json({ success: true, topic: 'taskChanges', message: `unsubscribed ${String(req.query.token)}` });
  });
  // Issue 22: answers the gateway compresses, or leaves as they are.
  const bigAnswer = {
    tasks: Array.from({ length: 80 }, (_, index) => ({ index, title: `Task number ${index}` })),
  };
  app.get('/api/user/big', (_req, res) => {
    res.vary('Accept-Language');
    res.json(bigAnswer);
  });
  app.get('/api/user/small', (_req, res) => res.json({ ok: true }));
  app.get('/api/user/picture', (_req, res) => res.type('image/png').send(Buffer.alloc(4096, 7)));
  // Breaks off its answer midway, as a service that crashes while writing.
  app.get('/api/user/broken-off', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(`{"tasks":[${'"a task",'.repeat(400)}`);
    setTimeout(() => res.socket?.destroy(), 50);
  });
  // Starts its answer, then stalls for good.
  app.get('/api/user/stalls-midway', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(`{"tasks":[${'"a task",'.repeat(400)}`);
  });
  app.get('/api/user/slow', () => {
    /* never answers */
  });
  const server = await listen(app, 0, '127.0.0.1');
  return { seen, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function config(overrides: Partial<Record<string, string>>): GatewayConfig {
  return gatewayConfigSchema.parse({
    NODE_ENV: 'test',
    INTERNAL_SECRET: SECRET,
    WEB_DIST: webDist,
    UPSTREAM_TIMEOUT_MS: '300',
    PUBLIC_URL: PUBLIC_URL,
    LOGIN_FREE_ATTEMPTS: '3',
    LOGIN_LIMIT_PER_ACCOUNT: '12',
    // Counters per client address live in the shared Redis across runs; accounts are unique per run, and
    // tests of per-client limits name a client of their own (X-Forwarded-For through one trusted hop).
    LOGIN_LIMIT_PER_CLIENT: '100000',
    REGISTER_LIMIT_PER_CLIENT: '100000',
    TRUST_PROXY_HOPS: '1',
    SIGNIN_LIMIT_PER_MINUTE: '8',
    SESSION_LIMIT_PER_USER: '3',
    RESET_LIMIT_PER_ADDRESS: '3',
    RESET_LIMIT_PER_CLIENT: '5',
    CONTACT_LIMIT_PER_CLIENT: '3',
    SSO_START_LIMIT_PER_CLIENT: '3',
    ...overrides,
  });
}

class Client {
  cookie: string | undefined;
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + path, {
      method,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      this.cookie = pair.endsWith('=') ? undefined : pair;
      if (/Expires=Thu, 01 Jan 1970/.test(setCookie)) this.cookie = undefined;
    }
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, json: json as Record<string, unknown>, setCookie };
  }
}

test('a call queued behind a hung service for a free connection still gets its 504 on time, not a fresh timeout later', async () => {
  const upstream = await startUpstream();
  const { app } = createApp({
    // A timeout long enough that a busy machine's delays (CI runs beside other work) cannot bridge the gap
    // between one timeout and two.
    config: config({ AUTH_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '1500', UPSTREAM_MAX_SOCKETS: '1' }),
    logger,
    redis: null,
  });
  const server = await listen(app, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // One connection: the second call waits until the first one's 504 frees it.
    const started = Date.now();
    const answers = await Promise.all(
      [0, 1].map(async () => {
        const res = await fetch(`${base}/api/user/slow`);
        return { status: res.status, ms: Date.now() - started };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual([504, 504]);
    // With a timeout restarted at the connection, the second would take two timeouts (3000 ms).
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(2400);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    upstream.server.closeAllConnections();
    await new Promise((r) => upstream.server.close(r));
  }
});

describe.each(REDIS_URL ? ['redis', 'memory'] : ['memory'])('gateway with %s sessions', (storeKind) => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let server: http.Server;
  let base: string;
  let redis: ReturnType<typeof createRedisClient> | null = null;
  /** Moves the gateway's clock forward (the throttle's delays), never sleeping. */
  let skewMs = 0;

  beforeAll(async () => {
    upstream = await startUpstream();
    redis = storeKind === 'redis' ? createRedisClient(REDIS_URL!, logger) : null;
    if (redis) await waitForRedis(redis);
    const { app } = createApp({
      config: config({ AUTH_URL: upstream.url, ADMIN_URL: upstream.url, CONTACT_URL: upstream.url }),
      logger,
      redis,
      clock: () => Date.now() + skewMs,
    });
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    upstream.server.closeAllConnections();
    await new Promise((r) => upstream.server.close(r));
    redis?.disconnect();
  });

  test("a service's revoke-user ends every session of that user before the answer, with no event needed", async () => {
    const target = new Client(base);
    const otherDevice = new Client(base);
    await target.call('POST', '/api/login', { username: 'gone@x.io', password: 'right' });
    await otherDevice.call('POST', '/api/login', { username: 'gone@x.io', password: 'right' });
    const administrator = new Client(base);
    await administrator.call('POST', '/api/login', { username: 'root@x.io', password: 'right' });

    const answer = await administrator.call('PATCH', '/api/admin/users/user-gone@x.io', { isActive: false });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-session-action')).toBeNull();
    // This gateway has no bus: only the answer's action can have ended them.
    expect((await target.call('GET', '/api/user')).status).toBe(401);
    expect((await otherDevice.call('GET', '/api/user')).status).toBe(401);
    expect((await administrator.call('GET', '/api/user')).status).toBe(200);
  });

  test('a text answer goes out brotli- or gzip-compressed as the client accepts, and whole', async () => {
    const get = (pathname: string, encoding: string) =>
      fetch(`${base}${pathname}`, { headers: { 'accept-encoding': encoding } });
    const plain = await get('/api/user/big', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(1024);
    const body = await plain.text();
    for (const [accepted, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const compressed = await get('/api/user/big', accepted!);
      expect(compressed.status).toBe(200);
      expect(compressed.headers.get('content-encoding')).toBe(sent);
      expect(compressed.headers.get('content-length')).toBeNull();
      // The service's Vary stays, and the encoding joins it.
      expect(compressed.headers.get('vary')).toMatch(/accept-language.*accept-encoding/i);
      expect(await compressed.text()).toBe(body);
    }
    // Small answers and pictures go out as they are.
    expect((await get('/api/user/small', 'br')).headers.get('content-encoding')).toBeNull();
    const picture = await get('/api/user/picture', 'br');
    expect(picture.headers.get('content-encoding')).toBeNull();
    expect((await picture.arrayBuffer()).byteLength).toBe(4096);
  });

  test('an answer the service breaks off reaches the client as a failure, never as a shorter whole', async () => {
    for (const encoding of ['br', 'identity']) {
      // Before or after its headers, depending on when the gateway had sent them.
      const outcome = await fetch(`${base}/api/user/broken-off`, { headers: { 'accept-encoding': encoding } })
        .then((answer) => answer.text())
        .then(
          () => 'whole',
          () => 'failed',
        );
      expect(outcome).toBe('failed');
    }
  });

  test('an answer the service stalls midway is cut after the upstream timeout, never left hanging', async () => {
    for (const encoding of ['br', 'identity']) {
      const outcome = await fetch(`${base}/api/user/stalls-midway`, {
        headers: { 'accept-encoding': encoding },
        signal: AbortSignal.timeout(5000),
      })
        .then((answer) => answer.text())
        .then(
          () => 'whole',
          (error: Error) => (error.name === 'TimeoutError' ? 'still hanging after 5 s' : 'cut'),
        );
      expect(outcome).toBe('cut');
    }
  });

  test('an anonymous visitor gets no cookie, and the service sees a signed anonymous identity and no cookie', async () => {
    const client = new Client(base);
    const res = await client.call('GET', '/api/user', undefined, {
      cookie: 'other=1',
      [IDENTITY_HEADER]: 'forged.value',
    });
    expect(res.status).toBe(401);
    expect(res.setCookie).toBeNull();
    const last = upstream.seen.at(-1)!;
    expect(last.identity).toMatchObject({ sub: null, aud: 'auth' });
    expect(last.cookie).toBeUndefined();
  });

  test("a chunked body the gateway does not read reaches the service whole, without the client's connection headers, on a connection not reused", async () => {
    const answer = await new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const req = httpRequest(`${base}/api/user/profile`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          connection: 'keep-alive',
          'keep-alive': 'timeout=5',
          ...newClient(),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      // No content-length: node sends the body chunked, in two pieces.
      req.write('{"displayName":');
      req.end('"Ada"}');
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      body: { displayName: 'Ada' },
      connection: 'close',
      keepAlive: null,
      chunked: true,
    });
  });

  test('login issues a new session id, the old id is dead, and the service sees the signed-in user', async () => {
    const client = new Client(base);
    await client.call('POST', '/api/login', { username: 'a@x.io', password: 'right' });
    const first = client.cookie;
    expect(first).toMatch(/^vr\.sid=/);
    const me = await client.call('GET', '/api/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: 'user-a@x.io' });
    expect(me.headers.get('cache-control')).toBe('no-store');

    await client.call('POST', '/api/login', { username: 'a@x.io', password: 'right' });
    expect(client.cookie).not.toBe(first);
    const old = new Client(base);
    old.cookie = first;
    expect((await old.call('GET', '/api/user')).status).toBe(401);
  });

  test('remember me gives a 30-day cookie, otherwise a browser-session cookie; HttpOnly and SameSite=Lax', async () => {
    const plain = await new Client(base).call('POST', '/api/login', {
      username: 'b@x.io',
      password: 'right',
    });
    expect(plain.setCookie).toMatch(/HttpOnly/);
    expect(plain.setCookie).toMatch(/SameSite=Lax/);
    expect(plain.setCookie).not.toMatch(/Expires=/);
    expect(plain.setCookie).not.toMatch(/Domain=/);
    const remembered = await new Client(base).call('POST', '/api/login', {
      username: 'b@x.io',
      password: 'right',
      rememberMe: true,
    });
    const expires = Date.parse(/Expires=([^;]+)/.exec(remembered.setCookie ?? '')?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  test('logout destroys the session in the store and clears the cookie', async () => {
    const client = new Client(base);
    await client.call('POST', '/api/login', { username: 'c@x.io', password: 'right' });
    const cookie = client.cookie;
    const out = await client.call('POST', '/api/logout');
    expect(out.setCookie).toMatch(/vr\.sid=;/);
    const replay = new Client(base);
    replay.cookie = cookie;
    expect((await replay.call('GET', '/api/user')).status).toBe(401);
  });

  test('a pre-rendered page is the visitor page, but the app shell for a signed-in user, and varies by cookie', async () => {
    const client = new Client(base);
    expect(await page(base, '/')).toMatchObject({ body: '<html>landing</html>' });
    expect((await page(base, '/')).vary).toMatch(/cookie/i);
    await client.call('POST', '/api/login', { username: 'pages@x.io', password: 'right' });
    const cookie = client.cookie!;
    expect((await page(base, '/', `theme=dark; ${cookie}`)).body).toBe('<html>shell</html>');
    expect((await page(base, '/about', cookie)).body).toBe('<html>shell</html>');
    expect((await page(base, '/ventures/1', cookie)).body).toBe('<html>shell</html>');
    // Once signed out, or with a cookie naming no session, the visitor's page again.
    await client.call('POST', '/api/logout');
    expect((await page(base, '/', cookie)).body).toBe('<html>landing</html>');
    expect((await page(base, '/', 'vr.sid=s%3Aunknown.forged')).body).toBe('<html>landing</html>');
  });

  test('a password change ends the other sessions of that user but keeps the current one', async () => {
    const phone = new Client(base);
    const laptop = new Client(base);
    await phone.call('POST', '/api/login', { username: 'd@x.io', password: 'right' });
    await laptop.call('POST', '/api/login', { username: 'd@x.io', password: 'right' });
    await laptop.call('POST', '/api/user/change-password', { currentPassword: 'right', newPassword: 'y' });
    expect((await laptop.call('GET', '/api/user')).status).toBe(200);
    expect((await phone.call('GET', '/api/user')).status).toBe(401);
  });

  test('a tampered or unknown cookie is simply anonymous', async () => {
    const client = new Client(base);
    await client.call('POST', '/api/login', { username: 'e@x.io', password: 'right' });
    client.cookie = client.cookie!.slice(0, -3) + 'abc';
    expect((await client.call('GET', '/api/user')).status).toBe(401);
    client.cookie = 'vr.sid=s%3Aunknown.signature';
    expect((await client.call('GET', '/api/user')).status).toBe(401);
  });

  test('a session idles out after SESSION_IDLE_MINUTES unused; each use past a tenth of that window moves its timer forward', async () => {
    const idleMs = 720 * 60_000;
    const client = new Client(base);
    await client.call('POST', '/api/login', { username: `idle-${unique()}@x.io`, password: 'right' });
    const id = decodeURIComponent(client.cookie!.slice('vr.sid='.length)).slice(2).split('.')[0]!;
    /** The session's stored idle timer (Redis only: the memory store's is checked by behaviour alone). */
    const touchedAt = async () =>
      (JSON.parse((await redis!.get(`vr:sess:${id}`)) ?? '{}') as { touchedAt?: number }).touchedAt;
    try {
      const signedInAt = redis ? await touchedAt() : 0;
      // Within a tenth of the window: nothing is written (one store read per call).
      skewMs = idleMs / 20;
      expect((await client.call('GET', '/api/user')).status).toBe(200);
      if (redis) expect(await touchedAt()).toBe(signedInAt);
      // Past it: the timer moves to now.
      skewMs = idleMs * 0.6;
      expect((await client.call('GET', '/api/user')).status).toBe(200);
      if (redis) expect(await touchedAt()).toBeGreaterThanOrEqual(signedInAt! + idleMs * 0.6);
      // 1.2 windows after signing in, 0.6 after the last use: still signed in.
      skewMs = idleMs * 1.2;
      expect((await client.call('GET', '/api/user')).status).toBe(200);
      // A window and more unused: signed out, the cookie cleared, the session gone from the store.
      skewMs = idleMs * 2.5;
      const idled = await client.call('GET', '/api/user');
      expect(idled.status).toBe(401);
      expect(idled.setCookie).toMatch(/vr\.sid=;/);
      if (redis) expect(await redis.exists(`vr:sess:${id}`)).toBe(0);
    } finally {
      skewMs = 0;
    }
  });

  test('no session outlives SESSION_ABSOLUTE_DAYS, however often it is used', async () => {
    const dayMs = 24 * 3600_000;
    const client = new Client(base);
    await client.call('POST', '/api/login', {
      username: `abs-${unique()}@x.io`,
      password: 'right',
      rememberMe: true,
    });
    try {
      // A remember-me session used every 10 days stays signed in until its 30 days are up.
      for (const days of [10, 20, 29]) {
        skewMs = days * dayMs;
        expect((await client.call('GET', '/api/user')).status).toBe(200);
      }
      skewMs = 30 * dayMs + 60_000;
      expect((await client.call('GET', '/api/user')).status).toBe(401);
    } finally {
      skewMs = 0;
    }
  });

  test('state-changing calls from another site or without the anti-forgery header are refused', async () => {
    const client = new Client(base);
    const crossSite = await client.call(
      'POST',
      '/api/login',
      { username: 'f@x.io', password: 'right' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.json).toMatchObject({ code: 'CSRF.CROSS_SITE' });
    const foreign = await client.call('POST', '/api/logout', undefined, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const nullOrigin = await client.call('POST', '/api/logout', undefined, { origin: 'null' });
    expect(nullOrigin.status).toBe(403);
    const form = await fetch(`${base}/api/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(403);
    expect(await form.json()).toMatchObject({ code: 'CSRF.MISSING_HEADER' });
    const same = await client.call('POST', '/api/logout', undefined, {
      origin: PUBLIC_URL,
      'sec-fetch-site': 'same-origin',
    });
    expect(same.status).toBe(200);
    expect(same.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('the same-origin check compares with PUBLIC_URL, never with the Host header the request names', async () => {
    // A page on another host that reaches the gateway under that host's name (DNS rebinding, a stray
    // virtual host) sends an Origin matching its own Host header: still another site.
    const { port } = server.address() as AddressInfo;
    const posted = (origin: string, host: string) =>
      new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/logout',
            headers: { host, origin, 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'same-origin' },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await posted('http://evil.example', 'evil.example')).toEqual({
      status: 403,
      body: { code: 'CSRF.BAD_ORIGIN', message: 'Cross-site request refused' },
    });
    expect(await posted(`http://127.0.0.1:${port}`, `127.0.0.1:${port}`)).toEqual({
      status: 403,
      body: { code: 'CSRF.BAD_ORIGIN', message: 'Cross-site request refused' },
    });
    expect((await posted(PUBLIC_URL, 'evil.example')).status).toBe(200);
  });

  test('the one-click unsubscribe a mail provider posts (form-encoded, no header, cross-site) passes the CSRF check; nothing else does', async () => {
    const oneClick = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'List-Unsubscribe=One-Click',
    };
    const unsubscribed = await fetch(`${base}/api/unsubscribe?token=signed-token`, oneClick);
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.json()).toMatchObject({ message: 'unsubscribed signed-token' });
    const elsewhere = await fetch(`${base}/api/logout?token=signed-token`, oneClick);
    expect([elsewhere.status, ((await elsewhere.json()) as { code: string }).code]).toEqual([
      403,
      'CSRF.CROSS_SITE',
    ]);
    const nested = await fetch(`${base}/api/unsubscribe/more?token=x`, oneClick);
    expect(nested.status).toBe(403);
  });

  test('wrong passwords slow down the client that sends them, with growing delays; the owner on another client signs in at once', async () => {
    const username = `locked-${storeKind}-${unique()}@x.io`;
    const attacker = newClient();
    const attempt = (password: string, client: Record<string, string>) =>
      new Client(base).call('POST', '/api/login', { username, password }, client);
    // Ten wrong passwords used to lock the account for everyone, its owner included (429, Retry-After 900).
    for (let i = 0; i < 3; i++) expect((await attempt('wrong', attacker)).status).toBe(401);
    const slowed = await attempt('wrong', attacker);
    expect([slowed.status, slowed.json, slowed.headers.get('retry-after')]).toEqual([
      429,
      { code: 'AUTH.RATE_LIMITED', message: 'Too many wrong passwords. Please wait a moment and try again.' },
      '1',
    ]);
    const owner = await attempt('right', newClient());
    expect([owner.status, owner.json]).toMatchObject([200, { username }]);
    // Once the delay has passed, one more wrong try, and the next wait is twice as long.
    skewMs += 1100;
    expect((await attempt('wrong', attacker)).status).toBe(401);
    const slower = await attempt('wrong', attacker);
    expect([slower.status, slower.headers.get('retry-after')]).toEqual([429, '2']);
    skewMs += 2100;
    expect((await attempt('wrong', attacker)).status).toBe(401);
    expect((await attempt('wrong', attacker)).headers.get('retry-after')).toBe('4');
  });

  test('a global per-account ceiling, far above the per-client threshold, stops wrong passwords spread over many clients', async () => {
    const username = `spread-${storeKind}-${unique()}@x.io`;
    for (let i = 0; i < 12; i++) {
      const res = await new Client(base).call(
        'POST',
        '/api/login',
        { username, password: 'wrong' },
        newClient(),
      );
      expect(res.status).toBe(401);
    }
    const stopped = await new Client(base).call(
      'POST',
      '/api/login',
      { username, password: 'wrong' },
      newClient(),
    );
    expect([stopped.status, stopped.json]).toEqual([
      429,
      {
        code: 'AUTH.RATE_LIMITED',
        message: 'Too many sign-in attempts for this account. Please wait a few minutes and try again.',
      },
    ]);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('strangers never lock the demo account: Demo Login keeps working after wrong passwords from many clients', async () => {
    const username = 'demo@ventureroadmap.app';
    for (let i = 0; i < 16; i++) {
      const res = await new Client(base).call(
        'POST',
        '/api/login',
        { username, password: 'wrong' },
        newClient(),
      );
      expect(res.status).toBe(401);
    }
    const visitor = await new Client(base).call(
      'POST',
      '/api/login',
      { username, password: 'right' },
      newClient(),
    );
    expect([visitor.status, visitor.json]).toEqual([200, { id: `user-${username}`, username }]);
  });

  test('a password change and an account deletion get the same throttle for the current password as sign-in', async () => {
    const username = `stolen-${storeKind}-${unique()}@x.io`;
    const thief = new Client(base);
    const thiefClient = newClient();
    await thief.call('POST', '/api/login', { username, password: 'right' }, thiefClient);
    const owner = new Client(base);
    const ownerClient = newClient();
    await owner.call('POST', '/api/login', { username, password: 'right' }, ownerClient);
    const guesses = [
      () =>
        thief.call(
          'POST',
          '/api/user/change-password',
          { currentPassword: 'guess', newPassword: 'mine-now' },
          thiefClient,
        ),
      () => thief.call('DELETE', '/api/user/account', { password: 'guess' }, thiefClient),
    ];
    for (let i = 0; i < 3; i++) expect((await guesses[i % 2]!()).status).toBe(400);
    for (const guess of guesses) {
      const slowed = await guess();
      expect([slowed.status, slowed.json, slowed.headers.get('retry-after')]).toEqual([
        429,
        {
          code: 'AUTH.RATE_LIMITED',
          message: 'Too many wrong passwords. Please wait a moment and try again.',
        },
        '1',
      ]);
    }
    const changed = await owner.call(
      'POST',
      '/api/user/change-password',
      { currentPassword: 'right', newPassword: 'fresh' },
      ownerClient,
    );
    expect([changed.status, changed.json]).toEqual([200, { success: true }]);
  });

  test("a user's sessions are capped: a sign-in beyond the limit ends the oldest session first", async () => {
    const username = `many-${storeKind}-${unique()}@x.io`;
    const devices = [new Client(base), new Client(base), new Client(base), new Client(base)];
    for (const device of devices) await device.call('POST', '/api/login', { username, password: 'right' });
    const [oldest, ...rest] = devices;
    const gone = await oldest!.call('GET', '/api/user');
    expect([gone.status, gone.json]).toEqual([
      401,
      { code: 'AUTH.UNAUTHENTICATED', message: 'Not authenticated' },
    ]);
    for (const device of rest) expect((await device.call('GET', '/api/user')).status).toBe(200);
  });

  test('successful sign-ins per account per minute are limited', async () => {
    const username = `busy-${storeKind}-${unique()}@x.io`;
    for (let i = 0; i < 8; i++)
      expect(
        (await new Client(base).call('POST', '/api/login', { username, password: 'right' })).status,
      ).toBe(200);
    const limited = await new Client(base).call('POST', '/api/login', { username, password: 'right' });
    expect([limited.status, limited.json]).toEqual([
      429,
      {
        code: 'AUTH.RATE_LIMITED',
        message: 'Too many sign-ins for this account. Please wait a minute and try again.',
      },
    ]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('password-reset requests are limited per address named and per client', async () => {
    const refused = {
      code: 'AUTH.RATE_LIMITED',
      message: 'Too many password reset requests. Please wait a while and try again.',
    };
    const username = `reset-${storeKind}-${unique()}@x.io`;
    for (let i = 0; i < 3; i++)
      expect(
        (await new Client(base).call('POST', '/api/forgot-password', { username }, newClient())).status,
      ).toBe(200);
    const perAddress = await new Client(base).call(
      'POST',
      '/api/forgot-password',
      { username: username.toUpperCase() },
      newClient(),
    );
    expect([perAddress.status, perAddress.json]).toEqual([429, refused]);
    const client = newClient();
    for (let i = 0; i < 5; i++) {
      const res = await new Client(base).call(
        'POST',
        '/api/forgot-password',
        { username: `r${i}-${unique()}@x.io` },
        client,
      );
      expect(res.status).toBe(200);
    }
    const perClient = await new Client(base).call(
      'POST',
      '/api/forgot-password',
      { username: `other-${unique()}@x.io` },
      client,
    );
    expect([perClient.status, perClient.json]).toEqual([429, refused]);
    expect(Number(perClient.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('accepted contact messages are limited per client at the gateway (invalid ones do not count), in the reply shape of the form', async () => {
    const client = newClient();
    const send = (body: object) => new Client(base).call('POST', '/api/contact', body, client);
    expect((await send({})).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await send({ message: 'hello' })).status).toBe(200);
    const limited = await send({ message: 'hello' });
    expect([limited.status, limited.json]).toEqual([
      429,
      {
        success: false,
        code: 'CONTACT.RATE_LIMITED',
        message: 'Too many messages sent. Please try again later.',
      },
    ]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await new Client(base).call('POST', '/api/contact', { message: 'hi' }, newClient())).status).toBe(
      200,
    );
  });

  test('"Continue with SSO" starts are limited per client at the gateway (issue 19)', async () => {
    const client = newClient();
    const start = () =>
      new Client(base).call('POST', '/api/sso/start', { email: `s-${unique()}@northgate.test` }, client);
    for (let i = 0; i < 3; i++) expect((await start()).status).not.toBe(429);
    const limited = await start();
    expect([limited.status, limited.json]).toEqual([
      429,
      {
        code: 'AUTH.RATE_LIMITED',
        message: 'Too many single sign-on attempts from this address. Please try again later.',
      },
    ]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (await new Client(base).call('POST', '/api/sso/start', { email: 'x@northgate.test' }, newClient()))
        .status,
    ).not.toBe(429);
  });

  test('a 1 MB login body is refused with 413 JSON before reaching the service', async () => {
    const before = upstream.seen.length;
    const res = await new Client(base).call('POST', '/api/login', {
      username: 'g@x.io',
      password: 'x'.repeat(1_000_000),
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'REQUEST.TOO_LARGE' });
    expect(upstream.seen.length).toBe(before);
  });

  test('unknown API paths get a JSON 404 and security headers', async () => {
    const res = await new Client(base).call('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 'ROUTE.NOT_FOUND' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  test('every response class carries the security headers: 200, 401, 404, 5xx from a service, pages, static files', async () => {
    const signedIn = new Client(base);
    await signedIn.call('POST', '/api/login', { username: 'headers@x.io', password: 'right' });
    const answers = [
      await signedIn.call('GET', '/api/user'),
      await new Client(base).call('GET', '/api/user'),
      await new Client(base).call('GET', '/api/nope'),
      await new Client(base).call('GET', '/api/user/broken'),
      await fetch(`${base}/`, { headers: { accept: 'text/html' } }),
      await fetch(`${base}/robots.txt`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 500, 200, 200]);
    for (const { headers } of answers) {
      expect(headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('x-powered-by')).toBeNull();
      // Not production: no HSTS (see the securityHeaders unit test for production).
      expect(headers.get('strict-transport-security')).toBeNull();
    }
    // Answers about a signed-in user are never stored by a cache.
    expect(answers[0]!.headers.get('cache-control')).toBe('no-store');
  });

  test('no CORS allowance for a foreign or null origin, preflight included', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const preflight = await fetch(`${base}/api/ventures`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, x-requested-with',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      const read = await fetch(`${base}/api/user`, { headers: { origin } });
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  test('a slow service gets a JSON 504, a missing one a JSON 502, both with security headers', async () => {
    const slow = await new Client(base).call('GET', '/api/user/slow');
    expect(slow.status).toBe(504);
    expect(slow.json).toMatchObject({ code: 'UPSTREAM.TIMEOUT' });
    const missing = await new Client(base).call('GET', '/api/ventures');
    expect(missing.status).toBe(502);
    expect(missing.json).toMatchObject({ code: 'UPSTREAM.UNAVAILABLE' });
    expect(missing.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

const describeRedis = REDIS_URL ? describe : describe.skip;
if (!redisServer.url) console.warn(`the Redis fault tests are skipped: ${redisServer.reason}`);

describeRedis('a session refresh racing the end of that session', () => {
  test('the idle-timer refresh never brings back a session signed out or revoked between its read and its write', async () => {
    const upstream = await startUpstream();
    const redis = createRedisClient(REDIS_URL!, logger);
    await waitForRedis(redis);
    let skewMs = 0;
    const { app } = createApp({
      config: config({ AUTH_URL: upstream.url }),
      logger,
      redis,
      clock: () => Date.now() + skewMs,
    });
    const server = await listen(app, 0, '127.0.0.1');
    try {
      const client = new Client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await client.call('POST', '/api/login', { username: `race-${unique()}@x.io`, password: 'right' });
      const id = decodeURIComponent(client.cookie!.slice('vr.sid='.length)).slice(2).split('.')[0]!;
      // Another replica ends the session right after this one has read it.
      const read = redis.get.bind(redis);
      redis.get = (async (key: string) => {
        const value = await read(key);
        if (key === `vr:sess:${id}`) await redis.del(key);
        return value;
      }) as typeof redis.get;
      skewMs = 720 * 60_000 * 0.6; // the read finds the idle timer due for a refresh
      expect((await client.call('GET', '/api/user')).status).toBe(200);
      expect(await redis.exists(`vr:sess:${id}`)).toBe(0);
      expect((await client.call('GET', '/api/user')).status).toBe(401);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      upstream.server.closeAllConnections();
      await new Promise((r) => upstream.server.close(r));
      redis.disconnect();
    }
  });
});

describeRedis('gateway when Redis fails', () => {
  let fault: FaultProxy;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let server: http.Server;
  let base: string;
  let redis: ReturnType<typeof createRedisClient>;

  beforeAll(async () => {
    fault = await startFaultProxy(REDIS_URL!);
    upstream = await startUpstream();
    redis = createRedisClient(fault.url, logger);
    await waitForRedis(redis);
    const { app } = createApp({
      config: config({ AUTH_URL: upstream.url, ADMIN_URL: upstream.url }),
      logger,
      redis,
    });
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    upstream.server.closeAllConnections();
    await new Promise((r) => upstream.server.close(r));
    redis.disconnect();
    await fault.close();
  });

  async function waitFor(check: () => Promise<boolean>, ms = 5000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('condition not reached');
  }

  test.each(['kill', 'hang'] as const)(
    'when Redis is %sed, signed-in calls get 503 within a second, anonymous calls still work, and it recovers',
    async (fault_) => {
      const client = new Client(base);
      await waitFor(
        async () =>
          (await client.call('POST', '/api/login', { username: `r-${fault_}@x.io`, password: 'right' }))
            .status === 200,
      );
      expect((await client.call('GET', '/api/user')).status).toBe(200);

      fault[fault_]();
      const started = Date.now();
      const during = await client.call('GET', '/api/user');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(during.status).toBe(503);
      expect(during.json).toMatchObject({ code: 'SESSION.STORE_UNAVAILABLE' });
      expect((await new Client(base).call('GET', '/api/user')).status).toBe(401);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // A change that asks for another user's sessions to end is done: its answer still arrives (the
      // user.sessions_revoked event ends those sessions once the store is back).
      const revokeStarted = Date.now();
      const revoked = await new Client(base).call('PATCH', '/api/admin/users/user-r@x.io', {
        isActive: false,
      });
      expect(revoked.status).toBe(200);
      expect(Date.now() - revokeStarted).toBeLessThan(1500);
      // Pages still load: with the store away, a signed-in user gets the visitor's page.
      const pageStarted = Date.now();
      expect((await page(base, '/', client.cookie)).body).toBe('<html>landing</html>');
      expect(Date.now() - pageStarted).toBeLessThan(1000);

      fault.restore();
      await waitFor(async () => (await client.call('GET', '/api/user')).status === 200);
    },
    20_000,
  );
});
