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
  sealText,
  startOutboxRelay,
  syncIndexes,
  type EventBus,
  type EventEnvelope,
  type EventType,
  type MongoHandle,
  type OutboxRelay,
} from '@app/common';
import { startTestMongo, type TestMongo } from '@app/testing';
import { createApp } from '../../src/app.ts';
import { seedTaskTemplates } from '../../src/domain/seed-task-templates.ts';
import type { OwnerDirectory, VentureContext } from '../../src/domain/venture.ts';
import { subscribeUserDeleted } from '../../src/consumers/user-deleted.consumer.ts';
import { subscribeVentureActivity } from '../../src/consumers/venture-activity.consumer.ts';
import { activityModel } from '../../src/store/activity.model.ts';
import { createActivityRepository } from '../../src/store/activity.repository.ts';
import { commentModel } from '../../src/store/comment.model.ts';
import { createCommentRepository } from '../../src/store/comment.repository.ts';
import { serviceMarkModel, taskTemplateModel } from '../../src/store/task-template.model.ts';
import { createTaskTemplateRepository } from '../../src/store/task-template.repository.ts';
import { calendarFeedModel } from '../../src/store/calendar-feed.model.ts';
import { createCalendarFeedRepository } from '../../src/store/calendar-feed.repository.ts';
import { ventureModel, type VentureModel } from '../../src/store/venture.model.ts';
import { subscribeOrganizationEvents } from '../../src/consumers/organization-events.consumer.ts';
import { institutionModels } from '../../src/store/institution.model.ts';
import { createInstitutionRepository } from '../../src/store/institution.repository.ts';
import { createVentureRepository } from '../../src/store/venture.repository.ts';
import { versionText } from '../../src/domain/venture-template.ts';
import { orgTemplateModels } from '../../src/store/org-template.model.ts';
import { createOrgTemplateRepository } from '../../src/store/org-template.repository.ts';

export const SECRET = 'venture-integration-tests-secret-0123456789abcdef';
export const logger = createLogger({ name: 'venture-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** A signed-in user of the tests: an auth-service id and the username the fake auth service knows. */
export interface TestUser {
  id: string;
  username: string;
}

export type As = TestUser | 'anonymous' | 'service' | 'nobody';

export interface Answer {
  status: number;
  headers: Headers;
  // Bodies are JSON of many shapes; tests assert them field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The auth service as this service sees it: who exists, under which username, and whether it answers. */
export interface FakeOwners extends OwnerDirectory {
  add(user: TestUser): void;
  remove(userId: string): void;
  /** Issue 18: makes the user a platform administrator (or not). */
  setAdmin(userId: string, admin: boolean): void;
  /** While down, lookups fail as the internal client fails when auth is unreachable (503). */
  setDown(down: boolean): void;
  lookups: number;
}

export function fakeOwners(): FakeOwners {
  const names = new Map<string, string>();
  const admins = new Set<string>();
  let down = false;
  const owners: FakeOwners = {
    lookups: 0,
    async usernameOf(userId) {
      owners.lookups += 1;
      if (down) throw new AppError('UPSTREAM.UNAVAILABLE', 503, 'The auth service is unavailable');
      return names.get(userId) ?? null;
    },
    async profileOf(userId, opts) {
      const email = await owners.usernameOf(userId, opts);
      return email === null ? null : { userId, email, displayName: email };
    },
    async isPlatformAdmin(userId, opts) {
      return (await owners.usernameOf(userId, opts)) !== null && admins.has(userId);
    },
    setAdmin: (userId, admin) => void (admin ? admins.add(userId) : admins.delete(userId)),
    add: (user) => void names.set(user.id, user.username),
    remove: (userId) => void names.delete(userId),
    setDown: (value) => {
      down = value;
    },
  };
  return owners;
}

export interface Harness {
  baseUrl: string;
  mongo: MongoHandle;
  /** Where the test database is (a second connection to it plays another replica). */
  mongoUrl: string;
  dbName: string;
  Venture: VentureModel;
  ctx: VentureContext;
  bus: EventBus;
  owners: FakeOwners;
  /** Every event of the given types the bus delivered to the test's own queue, in arrival order. */
  received: EventEnvelope[];
  call(
    method: string,
    path: string,
    options?: {
      as?: As;
      body?: unknown;
      raw?: string;
      contentType?: string;
      headers?: Record<string, string>;
    },
  ): Promise<Answer>;
  /** A new signed-in user the fake auth service knows. */
  newUser(): TestUser;
  /** The stored venture document as the database holds it (outbox, deletion mark), or null. */
  rawVenture(id: string): Promise<Record<string, unknown> | null>;
  /** Waits until `check` holds (bounded). */
  eventually(check: () => boolean | Promise<boolean>, timeoutMs?: number): Promise<void>;
  relay: OutboxRelay;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** Default: a fresh in-process bus, closed by `stop()`. A bus given here is closed by its owner. */
  bus?: EventBus;
  /** The queue the test listens on for produced events (must be unique per run on a shared broker). */
  captureQueue?: string;
  /** The queue of the user.deleted consumer (unique per run on a shared broker). */
  userDeletedQueue?: string;
  /** The queue of the activity consumer (unique per run on a shared broker). */
  activityQueue?: string;
  /**
   * Issue 18: `FREE_PLAN_VENTURE_LIMIT`. Default 1000: most of these tests give one user several ventures;
   * the plan's own tests start a harness with the real default (1).
   */
  freeVentureLimit?: number;
  /** The queue of the organization events' consumer (unique per run on a shared broker). */
  organizationQueue?: string;
  /** Issue 18: the service's clock (default: the real one); tests move it instead of sleeping. */
  clock?: () => Date;
}

export const PUBLIC_URL = 'http://venture-test.local';
export const DEMO_USERNAME = 'demo@ventureroadmap.app';

const CAPTURED: EventType[] = [
  'task.updated',
  'venture.created',
  'venture.deleted',
  'task.updated.v2',
  'task.assigned',
  'task.commented',
  'venture.member_invited',
  'venture.member_joined',
  'venture.member_removed',
  'venture.member_role_changed',
  'task.reminder_due',
  'program.enrolment_changed',
  'organization.audit_recorded',
  'venture.at_risk',
  'program.digest_due',
];

/**
 * The venture app on port 0 against a fresh database (MONGO_URL, else the embedded engine), with the
 * standard templates seeded, the outbox relay running and the user.deleted consumer subscribed.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const testMongo: TestMongo = await startTestMongo();
  const dbName = testMongo.uniqueDbName('venture_test');
  const mongo = await connectMongo({ url: testMongo.url, dbName, logger });
  const Venture = ventureModel(mongo.connection);
  const TaskTemplate = taskTemplateModel(mongo.connection);
  const ServiceMark = serviceMarkModel(mongo.connection);
  const TaskComment = commentModel(mongo.connection);
  const VentureActivity = activityModel(mongo.connection);
  const CalendarFeed = calendarFeedModel(mongo.connection);
  const institution = institutionModels(mongo.connection);
  const orgTemplateDocs = orgTemplateModels(mongo.connection);
  await syncIndexes(mongo.connection);

  const ownBus = options.bus === undefined;
  const bus = options.bus ?? createInProcessBus({ logger });
  let nudge = (): void => {};
  const owners = fakeOwners();
  const templates = createTaskTemplateRepository(TaskTemplate, ServiceMark);
  const orgTemplates = createOrgTemplateRepository(orgTemplateDocs, ServiceMark, {
    onEventsWritten: () => nudge(),
  });
  const ctx: VentureContext = {
    // As in main.ts: tasks read their titles and descriptions from the current templates (issue 21), or
    // from the organization template version they follow (issue 18).
    ventures: createVentureRepository(Venture, {
      onEventsWritten: () => nudge(),
      taskText: () => templates.textById(),
      templateText: (ref) => versionText(orgTemplates, templates, ref),
    }),
    calendarFeeds: createCalendarFeedRepository(CalendarFeed),
    templates,
    owners,
    comments: createCommentRepository(TaskComment, { onEventsWritten: () => nudge() }),
    activity: createActivityRepository(VentureActivity),
    invitations: {
      publicUrl: PUBLIC_URL,
      seal: (text) => sealText(text, SECRET),
      demoUsername: DEMO_USERNAME,
    },
    institutions: createInstitutionRepository(institution, { onEventsWritten: () => nudge() }),
    orgTemplates,
    plan: { freeVentureLimit: options.freeVentureLimit ?? 1000 },
    clock: options.clock ?? (() => new Date()),
  };
  await seedTaskTemplates(ctx);
  const relay = startOutboxRelay({
    models: [
      Venture,
      TaskComment,
      institution.Enrolment,
      institution.CohortSnapshot,
      institution.CohortExport,
      orgTemplateDocs.OrgTemplateVersion,
    ],
    bus,
    logger,
    pollIntervalMs: 50,
    maxBackoffMs: 500,
  });
  nudge = () => relay.nudge();
  await subscribeUserDeleted(bus, ctx, logger, options.userDeletedQueue);
  // On a broker the test owns the queues it names; without a name the activity is left out there.
  if (ownBus || options.activityQueue) {
    await subscribeVentureActivity(bus, ctx, logger, options.activityQueue ?? 'test.venture.activity');
  }

  if (ownBus || options.organizationQueue) {
    await subscribeOrganizationEvents(
      bus,
      ctx,
      logger,
      options.organizationQueue ?? 'test.venture.organization',
    );
  }

  const received: EventEnvelope[] = [];
  await bus.subscribe({
    queue: options.captureQueue ?? 'test.venture.capture',
    types: CAPTURED,
    handler: async (event) => {
      received.push(event);
    },
  });

  const app = createApp({ ...ctx, secret: SECRET, logger, checks: { mongo: () => mongo.ping() } });
  const server: Server = await listen(app, 0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${serverPort(server)}`;

  function identityFor(as: As): string | undefined {
    if (as === 'nobody') return undefined;
    if (as === 'anonymous') return signIdentity(SECRET, { sub: null, aud: 'venture' });
    if (as === 'service') return signIdentity(SECRET, { sub: null, svc: 'admin', aud: 'venture' });
    return signIdentity(SECRET, { sub: as.id, sid: 'sid-test', aud: 'venture' });
  }

  const harness: Harness = {
    baseUrl,
    mongo,
    mongoUrl: testMongo.url,
    dbName,
    Venture,
    ctx,
    bus,
    owners,
    received,
    relay,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      const token = identityFor(opts.as ?? 'anonymous');
      if (token) headers['x-internal-identity'] = token;
      let body: string | undefined;
      if (opts.raw !== undefined) body = opts.raw;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
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
    newUser() {
      const user = { id: randomBytes(12).toString('hex'), username: uniqueEmail() };
      owners.add(user);
      return user;
    },
    async rawVenture(id) {
      const { Types } = await import('mongoose');
      return (await mongo.connection
        .collection('ventures')
        .findOne({ _id: new Types.ObjectId(id) })) as Record<string, unknown> | null;
    },
    eventually,
    async stop() {
      await relay.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (ownBus) await bus.close();
      await mongo.connection.dropDatabase().catch(() => undefined);
      await mongo.close();
      await testMongo.stop();
    },
  };
  return harness;
}

export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let counter = 0;
/** A unique address per call, so tests never share data. */
export function uniqueEmail(prefix = 'founder'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}
