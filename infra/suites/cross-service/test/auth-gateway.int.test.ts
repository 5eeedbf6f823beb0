import { createHash } from 'node:crypto';
import amqp from 'amqplib';
import mongoose from 'mongoose';
import {
  createEventBus,
  createInProcessBus,
  createLogger,
  IDENTITY_HEADER,
  signIdentity,
  type EventBus,
  type RunningService,
} from '@app/common';
import {
  startFaultProxy,
  startPlatform,
  startTestMongo,
  testRabbitMq,
  testRedis,
  type FaultProxy,
  type TestMongo,
} from '@app/testing';

/*
 * The auth service behind the real gateway, as a browser reaches it: real Redis and RabbitMQ when
 * REDIS_URL / AMQP_URL are set (CI), else containers where a Docker engine answers, else the in-memory
 * stand-ins (the RabbitMQ delivery test is then skipped, with the reason).
 */
const [redisServer, rabbit] = await Promise.all([testRedis(), testRabbitMq()]);
const REDIS_URL = redisServer.url ?? undefined;
const AMQP_URL = rabbit.url ?? undefined;
afterAll(async () => {
  if (redisServer.url) await redisServer.stop();
  if (rabbit.url) await rabbit.stop();
});
const SECRET = 'platform-test-internal-secret-0123456789';
const logger = createLogger({ name: 'platform-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

class Browser {
  cookie: string | undefined;
  readonly base: string;
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
    }
    const text = await res.text();
    return {
      status: res.status,
      json: (text ? JSON.parse(text) : undefined) as Record<string, unknown>,
      res,
    };
  }
}

interface Platform {
  base: string;
  auth: RunningService;
  bus: EventBus;
  close(): Promise<void>;
}

/** Auth behind the real gateway (`startPlatform` of the test library); auth's events on `amqpUrl`, if any. */
async function startAuthPlatform(mongo: TestMongo, amqpUrl: string | undefined): Promise<Platform> {
  const bus = createEventBus({ url: amqpUrl, logger, connectionName: 'platform-test' });
  const platform = await startPlatform({
    services: ['auth'],
    secret: SECRET,
    mongo,
    logger,
    // The gateway's own revocation consumer stays in this process, off the broker under test.
    bus: (name) => (name === 'auth' ? bus : createInProcessBus({ logger })),
    env: {
      gateway: {
        REDIS_URL,
        LOGIN_FREE_ATTEMPTS: '5',
        // Limits per client are kept in the shared Redis across runs; this suite tests the per-(account,
        // client) throttle (its accounts are unique per run).
        REGISTER_LIMIT_PER_CLIENT: '100000',
        LOGIN_LIMIT_PER_CLIENT: '100000',
      },
    },
  });
  return { base: platform.base, auth: platform.service('auth'), bus, close: () => platform.close() };
}

describe(`auth through the gateway (sessions: ${REDIS_URL ? 'Redis' : 'memory'}, events: ${AMQP_URL ? 'RabbitMQ' : 'in-process'})`, () => {
  let mongo: TestMongo;
  let platform: Platform;
  beforeAll(async () => {
    mongo = await startTestMongo();
    platform = await startAuthPlatform(mongo, AMQP_URL);
  }, 30_000);
  afterAll(async () => {
    await platform.close();
    await mongo.stop();
  });

  test('a visitor registers, is signed in on a new session, signs out, and the old cookie is dead', async () => {
    const browser = new Browser(platform.base);
    const username = `Founder.${unique()}@Example.com`;
    const registered = await browser.call('POST', '/api/register', { username, password: 'secret12' });
    expect(registered.status).toBe(201);
    expect(registered.json).toMatchObject({ username: username.toLowerCase(), isAdmin: false });
    expect(registered.json).not.toHaveProperty('passwordHash');
    const cookie = browser.cookie;
    expect(cookie).toBeDefined();
    expect((await browser.call('GET', '/api/user')).json).toMatchObject({ username: username.toLowerCase() });

    const out = await browser.call('POST', '/api/logout');
    expect(out.status).toBe(200);
    const replay = new Browser(platform.base);
    replay.cookie = cookie;
    expect((await replay.call('GET', '/api/user')).status).toBe(401);
  });

  test('registration validates, refuses a taken address in any case, and ignores privileged fields', async () => {
    const browser = new Browser(platform.base);
    const username = `taken.${unique()}@example.com`;
    expect((await browser.call('POST', '/api/register', { username, password: 'secret12' })).status).toBe(
      201,
    );
    const again = await new Browser(platform.base).call('POST', '/api/register', {
      username: username.toUpperCase(),
      password: 'secret12',
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ message: 'Username already exists' });
    const short = await new Browser(platform.base).call('POST', '/api/register', {
      username: `s.${unique()}@example.com`,
      password: '123',
    });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ message: 'Password must be at least 6 characters' });
    const sneaky = await new Browser(platform.base).call('POST', '/api/register', {
      username: `admin.${unique()}@example.com`,
      password: 'secret12',
      isAdmin: true,
    });
    expect(sneaky.status).toBe(400);
    const injection = await new Browser(platform.base).call('POST', '/api/login', {
      username: { $ne: null },
      password: 'x',
    });
    expect(injection.status).toBe(400);
  });

  test('login issues a new session id each time; wrong password and unknown e-mail get the same answer', async () => {
    const username = `login.${unique()}@example.com`;
    await new Browser(platform.base).call('POST', '/api/register', { username, password: 'secret12' });
    const browser = new Browser(platform.base);
    const ok = await browser.call('POST', '/api/login', { username, password: 'secret12' });
    expect(ok.status).toBe(200);
    const first = browser.cookie;
    await browser.call('POST', '/api/login', { username, password: 'secret12' });
    expect(browser.cookie).not.toBe(first);
    const old = new Browser(platform.base);
    old.cookie = first;
    expect((await old.call('GET', '/api/user')).status).toBe(401);

    const wrong = await new Browser(platform.base).call('POST', '/api/login', {
      username,
      password: 'nope-nope',
    });
    const unknown = await new Browser(platform.base).call('POST', '/api/login', {
      username: `nobody.${unique()}@example.com`,
      password: 'nope-nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
  });

  test('repeated wrong passwords for one account from one client get 429 with Retry-After', async () => {
    const username = `brute.${unique()}@example.com`;
    for (let i = 0; i < 5; i++)
      await new Browser(platform.base).call('POST', '/api/login', { username, password: 'wrong-pass' });
    const limited = await new Browser(platform.base).call('POST', '/api/login', {
      username,
      password: 'wrong-pass',
    });
    expect(limited.status).toBe(429);
    expect(limited.res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  test('a password change ends the other sessions; the new password works and the old one does not', async () => {
    const username = `pw.${unique()}@example.com`;
    const laptop = new Browser(platform.base);
    await laptop.call('POST', '/api/register', { username, password: 'secret12' });
    const phone = new Browser(platform.base);
    await phone.call('POST', '/api/login', { username, password: 'secret12' });

    const tooShort = await laptop.call('POST', '/api/user/change-password', {
      currentPassword: 'secret12',
      newPassword: 'short',
    });
    expect(tooShort.json).toMatchObject({
      message: 'Password too short: Your new password must be at least 8 characters long',
    });
    const changed = await laptop.call('POST', '/api/user/change-password', {
      currentPassword: 'secret12',
      newPassword: 'longer-secret',
    });
    expect(changed.status).toBe(200);
    expect((await laptop.call('GET', '/api/user')).status).toBe(200);
    expect((await phone.call('GET', '/api/user')).status).toBe(401);
    expect(
      (await new Browser(platform.base).call('POST', '/api/login', { username, password: 'secret12' }))
        .status,
    ).toBe(401);
    expect(
      (await new Browser(platform.base).call('POST', '/api/login', { username, password: 'longer-secret' }))
        .status,
    ).toBe(200);
  });

  test('a password reset ends every session of the user in its answer, with no event reaching the gateway', async () => {
    const username = `reset.${unique()}@example.com`;
    const laptop = new Browser(platform.base);
    await laptop.call('POST', '/api/register', { username, password: 'secret12' });
    const phone = new Browser(platform.base);
    await phone.call('POST', '/api/login', { username, password: 'secret12' });
    // The link the e-mail would carry (the gateway here hears none of auth's events, so only the answer counts).
    const token = `reset-token-${unique()}`;
    const db = await mongoose.createConnection(`${mongo.url}/auth`).asPromise();
    await db.collection('users').updateOne(
      { username },
      {
        $set: {
          resetTokenHash: createHash('sha256').update(token).digest('hex'),
          resetTokenExpiresAt: new Date(Date.now() + 600_000),
        },
      },
    );
    await db.close();
    const reset = await new Browser(platform.base).call('POST', '/api/reset-password', {
      token,
      password: 'recovered-pass',
    });
    expect([reset.status, reset.json]).toEqual([200, { success: true }]);
    expect(reset.res.headers.get('x-session-action')).toBeNull();
    for (const old of [laptop, phone]) {
      const me = await old.call('GET', '/api/user');
      expect([me.status, me.json]).toEqual([
        401,
        { code: 'AUTH.UNAUTHENTICATED', message: 'Not authenticated' },
      ]);
    }
  });

  test('deleting the account ends every session and the address can no longer sign in', async () => {
    const username = `bye.${unique()}@example.com`;
    const laptop = new Browser(platform.base);
    await laptop.call('POST', '/api/register', { username, password: 'secret12' });
    const phone = new Browser(platform.base);
    await phone.call('POST', '/api/login', { username, password: 'secret12' });
    const wrong = await laptop.call('DELETE', '/api/user/account', { password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ message: 'Password is incorrect' });
    expect((await laptop.call('DELETE', '/api/user/account', { password: 'secret12' })).status).toBe(200);
    expect((await laptop.call('GET', '/api/user')).status).toBe(401);
    expect((await phone.call('GET', '/api/user')).status).toBe(401);
    expect(
      (await new Browser(platform.base).call('POST', '/api/login', { username, password: 'secret12' }))
        .status,
    ).toBe(401);
  });

  test('GET /api/session × caller: the user for a live session, { user: null } for everyone else, never a 401', async () => {
    const username = `session.${unique()}@example.com`;
    const founder = new Browser(platform.base);
    const registered = await founder.call('POST', '/api/register', { username, password: 'secret12' });
    const signedOut = new Browser(platform.base);
    await signedOut.call('POST', '/api/login', { username, password: 'secret12' });
    const deadCookie = signedOut.cookie;
    await signedOut.call('POST', '/api/logout');
    signedOut.cookie = deadCookie;
    const forged = new Browser(platform.base);
    forged.cookie = 'vr.sid=s%3Aforged.c2lnbmF0dXJl';
    const callers: Array<[string, Browser, unknown]> = [
      ['founder', founder, { user: registered.json }],
      ['visitor', new Browser(platform.base), { user: null }],
      ['signed-out cookie', signedOut, { user: null }],
      ['forged cookie', forged, { user: null }],
    ];
    for (const [caller, browser, expected] of callers) {
      const answer = await browser.call('GET', '/api/session');
      expect({ caller, status: answer.status, json: answer.json }).toEqual({
        caller,
        status: 200,
        json: expected,
      });
      expect(answer.res.headers.get('cache-control')).toBe('no-store');
    }

    // The account deleted from another session: this one's next check is { user: null }.
    const other = new Browser(platform.base);
    await other.call('POST', '/api/login', { username, password: 'secret12' });
    expect((await founder.call('DELETE', '/api/user/account', { password: 'secret12' })).status).toBe(200);
    const afterDeletion = await other.call('GET', '/api/session');
    expect([afterDeletion.status, afterDeletion.json]).toEqual([200, { user: null }]);
    expect((await other.call('GET', '/api/user')).status).toBe(401);
  });

  test('a forged cookie is anonymous, and a client-sent identity header is replaced', async () => {
    const username = `forge.${unique()}@example.com`;
    const victim = new Browser(platform.base);
    const reg = await victim.call('POST', '/api/register', { username, password: 'secret12' });
    const forgedIdentity = signIdentity('not-the-secret-0123456789-0123456789', {
      sub: String(reg.json.id),
      aud: 'auth',
    });
    const attacker = new Browser(platform.base);
    const viaHeader = await attacker.call('GET', '/api/user', undefined, {
      [IDENTITY_HEADER]: forgedIdentity,
    });
    expect(viaHeader.status).toBe(401);
    attacker.cookie = 'vr.sid=s%3Aforged.c2lnbmF0dXJl';
    expect((await attacker.call('GET', '/api/user')).status).toBe(401);
  });

  test('the service called directly, bypassing the gateway, answers 401 without a valid signed identity', async () => {
    const direct = `http://127.0.0.1:${platform.auth.port}`;
    const bare = await fetch(`${direct}/api/user`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ code: 'AUTH.INVALID_IDENTITY' });
    const session = await fetch(`${direct}/api/session`);
    expect(session.status).toBe(401);
    expect(await session.json()).toMatchObject({ code: 'AUTH.INVALID_IDENTITY' });
    const misdirected = await fetch(`${direct}/api/user`, {
      headers: { [IDENTITY_HEADER]: signIdentity(SECRET, { sub: 'someone', aud: 'venture' }) },
    });
    expect(misdirected.status).toBe(401);
    const expired = await fetch(`${direct}/api/user`, {
      headers: {
        [IDENTITY_HEADER]: signIdentity(SECRET, { sub: 'someone', aud: 'auth', exp: Date.now() - 1 }),
      },
    });
    expect(expired.status).toBe(401);
  });
});

const describeAmqp = AMQP_URL ? describe : describe.skip;
if (!rabbit.url) console.warn(`the RabbitMQ delivery test is skipped: ${rabbit.reason}`);

describeAmqp('user.registered while RabbitMQ is unreachable', () => {
  let mongo: TestMongo;
  let fault: FaultProxy;
  let platform: Platform;
  let consumer: amqp.ChannelModel;
  let channel: amqp.Channel;
  let queue: string;
  const received: Array<{ id: string; data: { userId: string } }> = [];

  beforeAll(async () => {
    mongo = await startTestMongo();
    fault = await startFaultProxy(AMQP_URL!, 5672);
    platform = await startAuthPlatform(mongo, fault.url);
    consumer = await amqp.connect(AMQP_URL!);
    channel = await consumer.createChannel();
    // The platform's bus declares the exchange (with its own arguments); wait for it, then only check.
    for (let i = 0; i < 50 && !platform.bus.ready(); i++) await new Promise((r) => setTimeout(r, 100));
    await channel.checkExchange('events');
    queue = (await channel.assertQueue('', { exclusive: true, autoDelete: true })).queue;
    await channel.bindQueue(queue, 'events', 'user.registered');
    await channel.consume(
      queue,
      (msg) => {
        if (msg) received.push(JSON.parse(msg.content.toString()));
      },
      { noAck: true },
    );
  }, 30_000);
  afterAll(async () => {
    await consumer.close();
    await platform.close();
    await fault.close();
    await mongo.stop();
  });

  test('the event waits in the outbox and reaches RabbitMQ exactly once after the broker is back', async () => {
    fault.kill();
    const username = `offline.${unique()}@example.com`;
    const reg = await new Browser(platform.base).call('POST', '/api/register', {
      username,
      password: 'secret12',
    });
    expect(reg.status).toBe(201);
    const userId = String(reg.json.id);

    const db = await mongoose.createConnection(`${mongo.url}/auth`).asPromise();
    const stored = await db.collection('users').findOne({ username });
    expect(stored?.outbox).toEqual([expect.objectContaining({ type: 'user.registered' })]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(received.filter((e) => e.data.userId === userId)).toHaveLength(0);

    fault.restore();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !received.some((e) => e.data.userId === userId))
      await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1500));
    expect(received.filter((e) => e.data.userId === userId)).toHaveLength(1);
    expect((await db.collection('users').findOne({ username }))?.outbox).toEqual([]);
    await db.close();
  }, 40_000);
});
