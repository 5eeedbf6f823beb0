import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  connectMongo,
  createInProcessBus,
  createLogger,
  listen,
  serverPort,
  signIdentity,
  startOutboxRelay,
  syncIndexes,
  type EventEnvelope,
  type InProcessEventBus,
  type MongoHandle,
  type OutboxRelay,
} from '@app/common';
import { startTestMongo, type TestMongo } from '@app/testing';
import { createApp } from '../src/app.ts';
import { contactMessageModel } from '../src/store/contact-message.model.ts';
import { createContactMessageRepository } from '../src/store/contact-message.repository.ts';

const SECRET = 'contact-integration-tests-secret-0123456789abcdef';
const LIMIT = 3;

// Bodies are JSON of several shapes; tests assert them field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

type As = { ip: string; user?: string } | 'service' | 'nobody';

describe('POST /api/contact and the internal message list', () => {
  let testMongo: TestMongo;
  let mongo: MongoHandle;
  let bus: InProcessEventBus;
  let relay: OutboxRelay;
  let server: Server;
  let baseUrl: string;
  const received: EventEnvelope[] = [];
  let ipCounter = 0;
  const freshClient = () => ({ ip: `10.0.0.${(ipCounter += 1)}` });

  beforeAll(async () => {
    testMongo = await startTestMongo();
    const logger = createLogger({ name: 'contact-test', level: 'silent' });
    mongo = await connectMongo({
      url: testMongo.url,
      dbName: testMongo.uniqueDbName('contact_test'),
      logger,
    });
    const model = contactMessageModel(mongo.connection);
    await syncIndexes(mongo.connection);
    bus = createInProcessBus({ logger });
    await bus.subscribe({
      queue: 'contact-test',
      types: ['contact.received'],
      handler: async (event) => {
        received.push(event);
      },
    });
    relay = startOutboxRelay({ models: [model], bus, logger, pollIntervalMs: 50 });
    const app = createApp({
      messages: createContactMessageRepository(model, { onEventsWritten: () => relay.nudge() }),
      limits: { perClient: LIMIT, windowMs: 60_000 },
      secret: SECRET,
      logger,
      checks: { mongo: () => mongo.ping() },
    });
    server = await listen(app, 0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${serverPort(server)}`;
  }, 60_000);

  afterAll(async () => {
    await relay.stop();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await bus.close();
    await mongo.connection.dropDatabase().catch(() => undefined);
    await mongo.close();
    await testMongo.stop();
  }, 60_000);

  async function call(
    method: string,
    path: string,
    as: As,
    body?: unknown,
  ): Promise<{ status: number; headers: Headers; body: Json }> {
    const headers: Record<string, string> = {};
    if (as === 'service')
      headers['x-internal-identity'] = signIdentity(SECRET, { sub: null, svc: 'admin', aud: 'contact' });
    else if (as !== 'nobody')
      headers['x-internal-identity'] = signIdentity(SECRET, {
        sub: as.user ?? null,
        aud: 'contact',
        ip: as.ip,
      });
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  }

  const valid = {
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    subject: 'Question about pricing',
    message: 'How much does the enterprise plan cost for a university?',
  };

  async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('when a visitor sends a valid message, then it is stored and contact.received is published', async () => {
    const res = await call('POST', '/api/contact', freshClient(), valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Thank you for your message! We'll get back to you as soon as possible.",
    });
    const list = await call('GET', '/internal/contact-messages', 'service');
    expect(list.status).toBe(200);
    const stored = list.body.items.find((m: { subject: string }) => m.subject === valid.subject);
    expect(stored).toMatchObject({ ...valid, kind: 'contact', userId: null });
    await until(() => received.some((e) => e.type === 'contact.received' && e.data.messageId === stored.id));
    const event = received.find((e) => e.type === 'contact.received' && e.data.messageId === stored.id)!;
    expect(event.data).toEqual({ messageId: stored.id, ...valid, kind: 'contact', language: 'en' });
    // The event left the outbox once published: nothing waits to be sent twice.
    const deadline = Date.now() + 5000;
    let outbox: unknown[] = [{}];
    while (outbox.length > 0 && Date.now() < deadline) {
      const doc = await mongo.connection.collection('contact_messages').findOne({ subject: valid.subject });
      outbox = (doc?.outbox as unknown[] | undefined) ?? [];
      if (outbox.length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(outbox).toEqual([]);
  });

  it('when fields are missing or too short, then 400 lists every field with the spec messages and nothing is stored', async () => {
    const stored = () => mongo.connection.collection('contact_messages').countDocuments();
    const before = await stored();
    const res = await call('POST', '/api/contact', freshClient(), {
      name: 'A',
      email: 'nope',
      subject: 'Hi',
      message: 'short',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Name must be at least 2 characters' });
    expect(res.body.validationErrors).toEqual([
      { path: ['name'], message: 'Name must be at least 2 characters' },
      { path: ['email'], message: 'Please enter a valid email address' },
      { path: ['subject'], message: 'Subject must be at least 5 characters' },
      { path: ['message'], message: 'Message must be at least 10 characters' },
    ]);
    const empty = await call('POST', '/api/contact', freshClient(), {});
    expect(empty.status).toBe(400);
    expect(empty.body.validationErrors.map((e: { path: string[] }) => e.path[0])).toEqual([
      'name',
      'email',
      'subject',
      'message',
    ]);
    expect(await stored()).toBe(before);
  });

  it('refuses operator objects and unknown fields with 400', async () => {
    const injected = await call('POST', '/api/contact', freshClient(), { ...valid, email: { $ne: null } });
    expect(injected.status).toBe(400);
    expect(injected.body.validationErrors).toEqual([
      { path: ['email'], message: 'Please enter a valid email address' },
    ]);
    const extra = await call('POST', '/api/contact', freshClient(), { ...valid, isAdmin: true });
    expect(extra.status).toBe(400);
    expect(extra.body.success).toBe(false);
  });

  it('records an enterprise inquiry (subject "Enterprise Inquiry from …") as such, with the signed-in sender', async () => {
    const subject = 'Enterprise Inquiry from Analytical Engines Ltd';
    const res = await call(
      'POST',
      '/api/contact',
      { ...freshClient(), user: 'user-42' },
      {
        ...valid,
        subject,
        message: 'Organization: Analytical Engines Ltd\nRole: Founder\nNo additional message provided.',
      },
    );
    expect(res.status).toBe(200);
    const list = await call('GET', '/internal/contact-messages?limit=1', 'service');
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ subject, kind: 'enterprise', userId: 'user-42' });
    await until(() => received.some((e) => e.type === 'contact.received' && e.data.subject === subject));
  });

  it('limits accepted messages per client address (429 with Retry-After); invalid tries and other clients are not counted', async () => {
    const client = freshClient();
    await call('POST', '/api/contact', client, {});
    for (let i = 0; i < LIMIT; i += 1)
      expect((await call('POST', '/api/contact', client, valid)).status).toBe(200);
    const limited = await call('POST', '/api/contact', client, valid);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      success: false,
      message: 'Too many messages sent. Please try again later.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call('POST', '/api/contact', freshClient(), valid)).status).toBe(200);
  });

  it('every error of the call has the reply shape { success: false, message }: malformed JSON, a form body', async () => {
    const identity = signIdentity(SECRET, { sub: null, aud: 'contact', ip: '10.9.9.9' });
    for (const [contentType, body, status] of [
      ['application/json', '{"name":', 400],
      ['application/x-www-form-urlencoded', 'name=Ada', 415],
    ] as const) {
      const res = await fetch(`${baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'x-internal-identity': identity, 'content-type': contentType },
        body,
      });
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    // Other paths keep the plain error body.
    const internal = await call('GET', '/internal/contact-messages', { ip: '10.1.1.2', user: 'user-1' });
    expect(internal.body).not.toHaveProperty('success');
  });

  it('answers 401 without a gateway identity, and the message list only to other services', async () => {
    const direct = await call('POST', '/api/contact', 'nobody', valid);
    expect(direct.status).toBe(401);
    const asUser = await call('GET', '/internal/contact-messages', { ip: '10.1.1.1', user: 'user-1' });
    expect(asUser.status).toBe(403);
    const page = await call('GET', '/internal/contact-messages?limit=2', 'service');
    expect(page.body.items).toHaveLength(2);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    const [first, second] = page.body.items as Array<{ createdAt: string }>;
    expect(Date.parse(first!.createdAt)).toBeGreaterThanOrEqual(Date.parse(second!.createdAt));
    expect(page.body.items[0]).not.toHaveProperty('clientIp');
  });

  // ---- Issue 18: cursor pages and search ----------------------------------------------------------------

  let tagCounter = 0;
  const marker = () => `tag${Date.now().toString(36)}x${(tagCounter += 1)}`;
  const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
  const next = (cursor: string | null) => `&cursor=${encodeURIComponent(cursor ?? '')}`;

  /** Sends messages whose subject carries `tag`; answers their ids, oldest first. */
  async function sendMarked(tag: string, count: number, email = valid.email): Promise<string[]> {
    for (let i = 0; i < count; i += 1)
      expect(
        (
          await call('POST', '/api/contact', freshClient(), {
            ...valid,
            email,
            subject: `${tag} subject ${i}`,
          })
        ).status,
      ).toBe(200);
    const all = await call('GET', `/internal/contact-messages?q=${tag}&limit=200`, 'service');
    return ids(all.body.items).reverse();
  }

  async function page(query: string): Promise<{ items: Array<{ id: string }>; nextCursor: string | null }> {
    const res = await call('GET', `/internal/contact-messages?${query}`, 'service');
    expect(res.status).toBe(200);
    return res.body;
  }

  it('pages walk every matching message exactly once, newest first, with a null cursor after the last', async () => {
    const tag = marker();
    const sent = await sendMarked(tag, 5);
    expect(sent).toHaveLength(5);
    const first = await page(`q=${tag}&limit=2`);
    const second = await page(`q=${tag}&limit=2${next(first.nextCursor)}`);
    const third = await page(`q=${tag}&limit=2${next(second.nextCursor)}`);
    expect([first.items.length, second.items.length, third.items.length]).toEqual([2, 2, 1]);
    expect(third.nextCursor).toBeNull();
    expect(ids([...first.items, ...second.items, ...third.items])).toEqual([...sent].reverse());
  });

  it('messages arriving between two pages never make the next page repeat or skip one', async () => {
    const tag = marker();
    const older = await sendMarked(tag, 4);
    const first = await page(`q=${tag}&limit=2`);
    expect(ids(first.items)).toEqual([older[3], older[2]]);
    await sendMarked(`${tag} late`, 2);
    const second = await page(`q=${tag}&limit=2${next(first.nextCursor)}`);
    expect(ids(second.items)).toEqual([older[1], older[0]]);
    expect(second.nextCursor).toBeNull();
  });

  it('searches the sender’s e-mail and the subject, ignoring case; every word must match', async () => {
    const tag = marker();
    const [fromGrace] = await sendMarked(tag, 1, `grace.${tag}@navy.example`);
    const [fromAda] = await sendMarked(`${tag} Pricing`, 1);
    expect(ids((await page(`q=${tag.toUpperCase()}`)).items)).toEqual([fromAda, fromGrace]);
    expect(ids((await page(`q=NAVY.example+${tag}`)).items)).toEqual([fromGrace]);
    expect(ids((await page(`q=${tag}+pricing`)).items)).toEqual([fromAda]);
    // The message text is not searched.
    expect((await page(`q=${tag}+university`)).items).toEqual([]);
  });

  it('the page order is served by the index { createdAt: -1, _id: -1 }, created at start', async () => {
    const indexes = await mongo.connection.collection('contact_messages').indexes();
    expect(indexes.map((index) => index.key)).toContainEqual({ createdAt: -1, _id: -1 });
  });

  it('a cursor that was altered or never issued is 400 PAGE.INVALID_CURSOR; an offset is no longer a parameter', async () => {
    const tag = marker();
    await sendMarked(tag, 2);
    const first = await page(`q=${tag}&limit=1`);
    for (const cursor of [`${first.nextCursor}x`, 'bm90LWpzb24', first.nextCursor!.slice(2)]) {
      const res = await call('GET', `/internal/contact-messages?cursor=${cursor}`, 'service');
      expect([res.status, res.body]).toEqual([
        400,
        {
          code: 'PAGE.INVALID_CURSOR',
          message: 'The list position (cursor) is not valid. Load the list again from the first page.',
        },
      ]);
    }
    const offset = await call('GET', '/internal/contact-messages?offset=10', 'service');
    expect([offset.status, offset.body.code]).toEqual([400, 'REQUEST.INVALID']);
  });
});
