import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import {
  AppError,
  connectMongo,
  createInProcessBus,
  createLogger,
  listen,
  serverPort,
  signIdentity,
  startOutboxRelay,
  syncIndexes,
  type InProcessEventBus,
  type MongoHandle,
  type OutboxRelay,
} from '@app/common';
import { startTestMongo } from '@app/testing';
import type { UserVentureData } from '@app/contracts';
import { createApp } from '../../src/app.ts';
import type { VentureDataSource } from '../../src/clients/venture-data.ts';
import { createPasswordHasher } from '../../src/domain/password-hash.ts';
import { userModel, type UserModel } from '../../src/store/user.model.ts';
import { createUserRepository } from '../../src/store/user.repository.ts';

export const SECRET = 'auth-integration-tests-secret-0123456789abcdef';
export const PUBLIC_URL = 'https://app.example.test';
export const DEMO_USERNAME = 'demo@ventureroadmap.app';
/** Signs and verifies unsubscribe links in the tests. */
export const UNSUBSCRIBE_KEY = 'unsubscribe-test-key-unsubscribe-test-key';

/**
 * A real database for a test file: MONGO_URL when set, else a container or the embedded engine (the test
 * library's `startTestMongo`).
 */
export async function startDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  return startTestMongo();
}

export type As = { user: string; sid?: string } | 'anonymous' | 'service' | 'nobody' | { token: string };

export interface Answer {
  status: number;
  headers: Headers;
  // Bodies are JSON of many shapes; tests assert them field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface Harness {
  baseUrl: string;
  mongo: MongoHandle;
  User: UserModel;
  bus: InProcessEventBus;
  call(
    method: string,
    path: string,
    options?: {
      as?: As;
      body?: unknown;
      raw?: string;
      contentType?: string;
      /** Extra request headers (the browser's `Accept-Language`, issue 21). */
      headers?: Record<string, string>;
    },
  ): Promise<Answer>;
  /** The venture service as the account export sees it: what it answers per user, and whether it is down. */
  ventureData: FakeVentureData;
  /** The stored document, as the database holds it (outbox, token hash, deletion mark). */
  rawUser(id: string): Promise<Record<string, unknown> | null>;
  startRelay(): OutboxRelay;
  stop(): Promise<void>;
}

function identityFor(as: As): string | undefined {
  if (as === 'nobody') return undefined;
  if (typeof as === 'object' && 'token' in as) return as.token;
  if (as === 'anonymous') return signIdentity(SECRET, { sub: null, aud: 'auth' });
  if (as === 'service') return signIdentity(SECRET, { sub: null, svc: 'admin', aud: 'auth' });
  return signIdentity(SECRET, { sub: as.user, sid: as.sid ?? 'sid-current', aud: 'auth' });
}

export interface FakeVentureData extends VentureDataSource {
  byUser: Map<string, UserVentureData>;
  /** While down, calls fail as the internal client fails when the venture service is unreachable (503). */
  down: boolean;
  /** The user ids asked for, in order. */
  calls: string[];
}

function fakeVentureData(): FakeVentureData {
  const fake: FakeVentureData = {
    byUser: new Map(),
    down: false,
    calls: [],
    async ofUser(userId) {
      fake.calls.push(userId);
      if (fake.down) throw new AppError('UPSTREAM.UNAVAILABLE', 503, 'The venture service is unavailable');
      return fake.byUser.get(userId) ?? { ventures: [] };
    },
  };
  return fake;
}

/** The auth app on port 0 against a fresh database; the outbox relay only when a test starts it. */
export async function startHarness(databaseUrl: string): Promise<Harness> {
  const logger = createLogger({ name: 'auth-test', level: 'silent' });
  const mongo = await connectMongo({
    url: databaseUrl,
    dbName: `auth_test_${randomBytes(6).toString('hex')}`,
    logger,
  });
  const User = userModel(mongo.connection);
  await syncIndexes(mongo.connection);
  const bus = createInProcessBus({ logger });
  let relay: OutboxRelay | undefined;
  const users = createUserRepository(User, { onEventsWritten: () => relay?.nudge() });
  const ventureData = fakeVentureData();
  const app = createApp({
    users,
    ventures: ventureData,
    hasher: createPasswordHasher({ memoryKiB: 4096, passes: 1, parallelism: 1 }),
    settings: {
      publicUrl: PUBLIC_URL,
      resetTokenTtlMinutes: 60,
      demoUsername: DEMO_USERNAME,
      unsubscribeKey: UNSUBSCRIBE_KEY,
    },
    secret: SECRET,
    logger,
    checks: { mongo: () => mongo.ping() },
  });
  const server: Server = await listen(app, 0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${serverPort(server)}`;

  return {
    baseUrl,
    mongo,
    User,
    bus,
    ventureData,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const token = identityFor(options.as ?? 'anonymous');
      if (token) headers['x-internal-identity'] = token;
      let body: string | undefined;
      if (options.raw !== undefined) body = options.raw;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
      const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: the test sees the text and fails on it.
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    async rawUser(id) {
      const { Types } = await import('mongoose');
      return (await mongo.connection.collection('users').findOne({ _id: new Types.ObjectId(id) })) as Record<
        string,
        unknown
      > | null;
    },
    startRelay() {
      relay = startOutboxRelay({ models: [User], bus, logger, pollIntervalMs: 50 });
      return relay;
    },
    async stop() {
      await relay?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await bus.close();
      await mongo.connection.dropDatabase().catch(() => undefined);
      await mongo.close();
    },
  };
}

let counter = 0;
/** A unique address per call, so tests never share data. */
export function uniqueEmail(prefix = 'founder'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}
