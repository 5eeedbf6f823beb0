import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createInProcessBus, IDENTITY_HEADER, parseConfig, signIdentity, verifyIdentity } from '@app/common';
import { startTestMongo, type TestMongo } from '@app/testing';
import { readVentureConfig, startVentureService, ventureConfigSchema } from '../src/index.ts';
import { logger, SECRET } from './support/harness.ts';

/** A stand-in for the auth service's `GET /internal/users/{id}`, checking the caller's signed identity. */
function fakeAuth(users: Map<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const identity = verifyIdentity(SECRET, req.headers[IDENTITY_HEADER] as string | undefined, 'auth');
    const id = /^\/internal\/users\/([0-9a-f]{24})$/.exec(req.url ?? '')?.[1];
    res.setHeader('content-type', 'application/json');
    if (identity?.svc !== 'venture') {
      res.statusCode = 401;
      return res.end(JSON.stringify({ code: 'AUTH.INVALID_IDENTITY', message: 'no' }));
    }
    const username = id ? users.get(id) : undefined;
    if (!id || !username) {
      res.statusCode = 404;
      return res.end(JSON.stringify({ code: 'USER.NOT_FOUND', message: 'User not found' }));
    }
    res.end(JSON.stringify({ id, username }));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    }),
  );
}

let mongo: TestMongo;

beforeAll(async () => {
  mongo = await startTestMongo();
}, 60_000);

afterAll(async () => {
  await mongo?.stop();
});

describe('startVentureService (the process and the all-in-one runner)', () => {
  it('seeds the 50 templates once per database, asks auth for owners, serves on port 0 and closes cleanly', async () => {
    const userId = randomBytes(12).toString('hex');
    const auth = await fakeAuth(new Map([[userId, 'owner@example.com']]));
    const bus = createInProcessBus({ logger });
    const config = readVentureConfig({
      MONGO_URL: mongo.url,
      INTERNAL_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      AUTH_URL: `${auth.url}/`,
      // The same founder creates a venture at each start (the plan's limit, issue 18, has its own tests).
      FREE_PLAN_VENTURE_LIMIT: '10',
    });
    const dbName = mongo.uniqueDbName('venture_start');
    const as = (sub: string | null) =>
      signIdentity(
        SECRET,
        sub ? { sub, sid: 's', aud: 'venture' } : { sub: null, svc: 'admin', aud: 'venture' },
      );
    try {
      for (let start = 0; start < 2; start += 1) {
        const service = await startVentureService(config, { bus, logger, port: 0, dbName });
        const base = `http://127.0.0.1:${service.port}`;
        try {
          expect(service.port).toBeGreaterThan(0);
          const ready = await fetch(`${base}/readyz`);
          expect(await ready.json()).toEqual({ status: 'ready', checks: { mongo: true, bus: true } });
          const templates = await fetch(`${base}/internal/task-templates`, {
            headers: { [IDENTITY_HEADER]: as(null) },
          });
          const list = (await templates.json()) as Array<{ id: number }>;
          // The first start seeds 50; an administrator removes one; the restart does not bring it back.
          expect(list).toHaveLength(start === 0 ? 50 : 49);
          if (start === 0) {
            const removed = await fetch(`${base}/internal/task-templates/50`, {
              method: 'DELETE',
              headers: { [IDENTITY_HEADER]: as(null) },
            });
            expect(removed.status).toBe(200);
          }
          const created = await fetch(`${base}/api/ventures`, {
            method: 'POST',
            headers: { [IDENTITY_HEADER]: as(userId), 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Start ${start}` }),
          });
          expect(created.status).toBe(201);
          const stranger = await fetch(`${base}/api/ventures`, {
            method: 'POST',
            headers: {
              [IDENTITY_HEADER]: as(randomBytes(12).toString('hex')),
              'content-type': 'application/json',
            },
            body: JSON.stringify({ name: 'Unknown owner' }),
          });
          expect(stranger.status).toBe(401);
        } finally {
          await service.close();
        }
      }
    } finally {
      await bus.close();
      await auth.close();
    }
  }, 60_000);

  it('answers 503 for a new venture while the auth service is unreachable', async () => {
    const bus = createInProcessBus({ logger });
    const config = readVentureConfig({
      MONGO_URL: mongo.url,
      INTERNAL_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      AUTH_URL: 'http://127.0.0.1:9',
    });
    const service = await startVentureService(config, {
      bus,
      logger,
      port: 0,
      dbName: mongo.uniqueDbName('venture_start'),
    });
    try {
      const res = await fetch(`http://127.0.0.1:${service.port}/api/ventures`, {
        method: 'POST',
        headers: {
          [IDENTITY_HEADER]: signIdentity(SECRET, { sub: randomBytes(12).toString('hex'), aud: 'venture' }),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: 'Offline' }),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        code: 'UPSTREAM.UNAVAILABLE',
        message: 'The auth service is unavailable',
      });
    } finally {
      await service.close();
      await bus.close();
    }
  }, 30_000);

  it('ticks the reminder scheduler every REMINDER_TICK_SECONDS: a task due tomorrow gets one reminder', async () => {
    const userId = randomBytes(12).toString('hex');
    const auth = await fakeAuth(new Map([[userId, 'reminded@example.com']]));
    const bus = createInProcessBus({ logger });
    const reminders: Array<{ data: { taskId: string; kind: string } }> = [];
    await bus.subscribe({
      queue: 'test.venture.start.reminders',
      types: ['task.reminder_due'],
      handler: async (event) => {
        reminders.push(event as unknown as { data: { taskId: string; kind: string } });
      },
    });
    const config = readVentureConfig({
      MONGO_URL: mongo.url,
      INTERNAL_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      AUTH_URL: auth.url,
      REMINDER_TICK_SECONDS: '1',
    });
    const service = await startVentureService(config, {
      bus,
      logger,
      port: 0,
      dbName: mongo.uniqueDbName('venture_start'),
    });
    const base = `http://127.0.0.1:${service.port}`;
    const headers = {
      [IDENTITY_HEADER]: signIdentity(SECRET, { sub: userId, sid: 's', aud: 'venture' }),
      'content-type': 'application/json',
    };
    try {
      const created = await fetch(`${base}/api/ventures`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Ticking', timeZone: 'UTC' }),
      });
      expect(created.status).toBe(201);
      const task = ((await created.json()) as { tasks: Array<{ id: string }> }).tasks[0]!;
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const dated = await fetch(`${base}/api/venture-tasks/${task.id}/dates`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ startDate: null, dueDate: tomorrow }),
      });
      expect(dated.status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (reminders.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // Two more ticks: still one.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(reminders.map((e) => [e.data.taskId, e.data.kind])).toEqual([[task.id, 'due_tomorrow']]);
    } finally {
      await service.close();
      await bus.close();
      await auth.close();
    }
  }, 30_000);

  it('refuses a bad AUTH_URL or PORT, and defaults to port 4002', () => {
    expect(() => parseConfig(ventureConfigSchema, { AUTH_URL: 'ftp://x' })).toThrow('AUTH_URL');
    expect(() => parseConfig(ventureConfigSchema, { PORT: 'eighty' })).toThrow('PORT');
    expect(parseConfig(ventureConfigSchema, {})).toMatchObject({
      PORT: 4002,
      HOST: '127.0.0.1',
      AUTH_URL: 'http://127.0.0.1:4001',
      REMINDER_TICK_SECONDS: 300,
    });
    expect(() => parseConfig(ventureConfigSchema, { REMINDER_TICK_SECONDS: '0' })).toThrow(
      'REMINDER_TICK_SECONDS',
    );
  });
});
