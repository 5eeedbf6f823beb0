// Rotating SESSION_SECRET without signing everyone out (infra/README.md "Rotating secrets"): a gateway
// given the new secret and the old one in SESSION_SECRET_PREVIOUS accepts the cookies the old secret
// signed and signs new ones with the new secret; once the old one is dropped, its cookies are anonymous.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import express from 'express';
import { createLogger, IDENTITY_HEADER, listen, verifyIdentity } from '@app/common';
import { createApp, createRedisClient, gatewayConfigSchema, waitForRedis } from '@app/gateway';
import type { Redis } from 'ioredis';
import { testRedis } from '@app/testing';

const INTERNAL = 'ops-rotation-internal-secret-0123456789abcdef';
const OLD = 'ops-rotation-old-session-secret-0123456789abcdef';
const NEW = 'ops-rotation-new-session-secret-0123456789abcdef';
const logger = createLogger({ name: 'ops-rotation', level: 'silent' });
const servers: Server[] = [];
const clients: Redis[] = [];
let upstream: string;

// The two gateways share one Redis: REDIS_URL, else a container, else these cases are skipped with the reason.
const redisServer = await testRedis();
const itRedis = redisServer.url ? it : it.skip;
if (!redisServer.url) console.warn(`session-rotation: skipped: ${redisServer.reason}`);
afterAll(async () => {
  if (redisServer.url) await redisServer.stop();
});

beforeAll(async () => {
  // A stand-in auth service: login opens a session, /api/user tells who the gateway says is calling.
  const app = express();
  app.use(express.json());
  app.post('/api/login', (req, res) => {
    res.setHeader('x-session-action', `open; user=${String(req.body.username)}; remember=0`);
    res.json({ ok: true });
  });
  app.get('/api/user', (req, res) => {
    res.json({ sub: verifyIdentity(INTERNAL, req.get(IDENTITY_HEADER), 'auth')?.sub ?? null });
  });
  const server = await listen(app, 0, '127.0.0.1');
  servers.push(server);
  upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of servers) await new Promise((resolve) => s.close(resolve));
  for (const c of clients) c.disconnect();
});

async function gateway(env: Record<string, string>): Promise<string> {
  const config = gatewayConfigSchema.parse({
    INTERNAL_SECRET: INTERNAL,
    REDIS_URL: redisServer.url!,
    AUTH_URL: upstream,
    WEB_DIST: '/nonexistent',
    LOGIN_LIMIT_PER_CLIENT: '100000',
    ...env,
  });
  const redis = createRedisClient(config.REDIS_URL!, logger);
  clients.push(redis);
  expect(await waitForRedis(redis)).toBe(true);
  const server = await listen(createApp({ config, logger, redis }).app, 0, '127.0.0.1');
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const headers = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password: 'whatever' }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function whoIs(base: string, cookie: string): Promise<string | null> {
  const res = await fetch(`${base}/api/user`, { headers: { cookie } });
  return ((await res.json()) as { sub: string | null }).sub;
}

itRedis(
  'keeps sessions signed with the previous secret, signs new ones with the new secret, and ends old ones when it is dropped',
  async () => {
    const before = await gateway({ SESSION_SECRET: OLD });
    const during = await gateway({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD });
    const after = await gateway({ SESSION_SECRET: NEW });
    const early = `early-${randomUUID()}@example.com`;
    const late = `late-${randomUUID()}@example.com`;

    const oldCookie = await signIn(before, early);
    expect(await whoIs(before, oldCookie)).toBe(early);
    expect(await whoIs(during, oldCookie)).toBe(early);

    const newCookie = await signIn(during, late);
    expect(await whoIs(after, newCookie)).toBe(late);
    expect(await whoIs(before, newCookie)).toBeNull();

    expect(await whoIs(after, oldCookie)).toBeNull();
  },
);

it('refuses a previous secret shorter than 32 characters', () => {
  expect(() =>
    gatewayConfigSchema.parse({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: `${OLD}, short` }),
  ).toThrow(/32/);
});
