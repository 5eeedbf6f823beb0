import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createSsoServices } from '../../src/clients/sso-services.ts';
import {
  connectMongo,
  createEvent,
  createInternalClient,
  IDENTITY_HEADER,
  createInProcessBus,
  createLogger,
  listen,
  openSealedText,
  sealText,
  serverPort,
  signIdentity,
  syncIndexes,
  verifyIdentity,
  type EventData,
  type EventEnvelope,
  type EventType,
  type InProcessEventBus,
  type MongoHandle,
} from '@app/common';
import { invitationTokenFromHash, type User } from '@app/contracts';
import { startTestMongo, type TestMongo } from '@app/testing';
import { Types } from 'mongoose';
import { createApp } from '../../src/app.ts';
import { createTemplateCatalog } from '../../src/clients/template-catalog.ts';
import { subscribeWorkspaceEvents } from '../../src/consumers/workspace-events.consumer.ts';
import type { MemberDirectory, OrganizationContext, UserProfile } from '../../src/domain/organization.ts';
import { enrolmentModel, orgAuditModel } from '../../src/store/audit.model.ts';
import { createAuditRepository, createEnrolmentRepository } from '../../src/store/audit.repository.ts';
import { organizationModel, type OrganizationModel } from '../../src/store/organization.model.ts';
import { createOrganizationRepository } from '../../src/store/organization.repository.ts';

export const SECRET = 'organization-service-tests-secret-0123456789';

// Bodies are JSON of several shapes; tests assert them field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Reply {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

/** The auth service as the organization service sees it: users in memory, the admin flag settable. */
export class FakeDirectory implements MemberDirectory {
  readonly users = new Map<string, UserProfile>();

  add(fields: Partial<UserProfile> = {}): UserProfile {
    const userId = new Types.ObjectId().toHexString();
    const profile: UserProfile = {
      userId,
      email: `user.${userId}@example.com`,
      displayName: `User ${userId.slice(-4)}`,
      isAdmin: false,
      isActive: true,
      ...fields,
    };
    this.users.set(userId, profile);
    return profile;
  }

  /** What each registration asked the auth service to create (issue 21: with the visitor's language). */
  readonly created: Array<{ username: string; organizationId: string; language?: string }> = [];

  async createMember(input: {
    username: string;
    password: string;
    organizationId: string;
    language?: string;
  }): Promise<User> {
    this.created.push({
      username: input.username,
      organizationId: input.organizationId,
      language: input.language,
    });
    const profile = this.add({ email: input.username, displayName: input.username });
    return {
      id: profile.userId,
      username: input.username,
      isAdmin: false,
      isActive: true,
      firstName: null,
      lastName: null,
      jobTitle: null,
      department: null,
      phoneNumber: null,
      organizationId: input.organizationId,
      createdAt: new Date().toISOString(),
    };
  }

  async countByOrganization(): Promise<Record<string, number>> {
    return {};
  }

  async profileOf(userId: string): Promise<UserProfile | null> {
    return this.users.get(userId) ?? null;
  }
}

/**
 * The venture service's template-versions endpoint over real HTTP (the organization service's client is the
 * real one): the versions each organization published, whether it is up, and the identities it was called
 * with. A call without the organization service's valid identity gets 401, as the real service answers it.
 */
export interface FakeVenture {
  published: Map<string, number[]>;
  /** false: the port is closed (connection refused). */
  up: boolean;
  /** The organization ids it was asked about, in order. */
  asked: string[];
}

async function startFakeVenture(): Promise<{
  venture: FakeVenture;
  url: () => string;
  close(): Promise<void>;
}> {
  const venture: FakeVenture = { published: new Map(), up: true, asked: [] };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/internal\/organizations\/([0-9a-f]{24})\/template-versions$/.exec(req.url ?? '');
    const identity = verifyIdentity(SECRET, req.headers[IDENTITY_HEADER] as string | undefined, 'venture');
    res.setHeader('content-type', 'application/json');
    if (!identity || identity.svc !== 'organization') {
      res.statusCode = 401;
      res.end(JSON.stringify({ code: 'AUTH.INVALID_IDENTITY', message: 'Unauthorized' }));
      return;
    }
    if (req.method !== 'GET' || !match) {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 'ROUTE.NOT_FOUND', message: 'Not found' }));
      return;
    }
    venture.asked.push(match[1]!);
    const versions = venture.published.get(match[1]!) ?? [];
    res.end(
      JSON.stringify(versions.map((version) => ({ version, publishedAt: '2027-02-01T10:00:00.000Z' }))),
    );
  };
  const server = await listen(handler, 0, '127.0.0.1');
  const port = serverPort(server);
  return {
    venture,
    // A closed port while it is "down": the client's connection is refused.
    url: () => `http://127.0.0.1:${venture.up ? port : 9}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface Harness {
  directory: FakeDirectory;
  /** The venture service's published template versions, as the organization service asks for them. */
  venture: FakeVenture;
  model: OrganizationModel;
  bus: InProcessEventBus;
  /** The test clock: move it with `clock.now = ...`. */
  clock: { now: Date };
  call(method: string, path: string, as: string | null | 'service', body?: unknown): Promise<Reply>;
  /** A new organization (the internal call the admin service makes); its slug. */
  organization(fields?: Record<string, unknown>): Promise<{ id: string; slug: string; name: string }>;
  /** The events waiting in an organization's outbox (written with its changes). */
  outbox(organizationId: string): Promise<EventEnvelope[]>;
  /** The raw token of the newest invitation e-mail to `email` in the outbox. */
  tokenFor(organizationId: string, email: string): Promise<string>;
  /** Invites `email` (as `by`) and makes a new user with that address accept: the new member's id. */
  join(slug: string, orgId: string, by: string, role: string): Promise<string>;
  /** An organization with a platform-admin-invited org admin; the admin's user id. */
  withAdmin(): Promise<{ id: string; slug: string; name: string; admin: string }>;
  publish<T extends EventType>(type: T, data: EventData<T>, occurredAt?: Date): Promise<EventEnvelope<T>>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const testMongo: TestMongo = await startTestMongo();
  const logger = createLogger({
    name: 'organization-test',
    level: (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent',
  });
  const mongo: MongoHandle = await connectMongo({
    url: testMongo.url,
    dbName: testMongo.uniqueDbName('organization_test'),
    logger,
  });
  const model = organizationModel(mongo.connection);
  const auditModel = orgAuditModel(mongo.connection);
  const enrolments = enrolmentModel(mongo.connection);
  await syncIndexes(mongo.connection);
  const directory = new FakeDirectory();
  const clock = { now: new Date('2027-03-01T09:00:00.000Z') };
  const fakeVenture = await startFakeVenture();
  const internalClient = createInternalClient({
    caller: 'organization',
    secret: SECRET,
    baseUrls: {
      get venture() {
        return fakeVenture.url();
      },
    },
    timeoutMs: 2000,
  });
  const ctx: OrganizationContext = {
    organizations: createOrganizationRepository(model),
    members: directory,
    templates: createTemplateCatalog(internalClient),
    audit: createAuditRepository(auditModel, model),
    enrolments: createEnrolmentRepository(enrolments),
    invitations: {
      publicUrl: 'https://roadmap.example.test',
      seal: (text) => sealText(text, SECRET),
    },
    sso: createSsoServices({
      publicUrl: 'https://roadmap.example.test',
      key: 'organization-test-sso-encryption-key-0123456789',
      previousKeys: [],
      allowHttpIssuers: true,
      timeoutSeconds: 3,
    }),
    clock: () => clock.now,
  };
  const bus = createInProcessBus({ logger });
  await subscribeWorkspaceEvents(bus, ctx, logger, 'organization-test.workspace-events');
  const app = createApp({ ...ctx, secret: SECRET, logger });
  const server: Server = await listen(app, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${serverPort(server)}`;

  async function call(method: string, path: string, as: string | null | 'service', body?: unknown) {
    const identity =
      as === 'service'
        ? signIdentity(SECRET, { sub: null, svc: 'admin', aud: 'organization' })
        : signIdentity(SECRET, { sub: as, sid: 'sid-test', aud: 'organization' });
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-internal-identity': identity,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: Json = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // CSV and other text answers stay text.
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  let counter = 0;
  async function organization(fields: Record<string, unknown> = {}) {
    counter += 1;
    const slug = `inst-${Date.now().toString(36)}-${counter}`;
    const res = await call('POST', '/internal/organizations', 'service', {
      name: `Institute ${counter}`,
      slug,
      ...fields,
    });
    if (res.status !== 201) throw new Error(`organization not created: ${res.text}`);
    return { id: res.body.id as string, slug, name: res.body.name as string };
  }

  async function outbox(organizationId: string): Promise<EventEnvelope[]> {
    const doc = await model.findById(organizationId).lean();
    return (doc?.outbox ?? []) as EventEnvelope[];
  }

  async function tokenFor(organizationId: string, email: string): Promise<string> {
    const invited = (await outbox(organizationId)).filter(
      (e): e is EventEnvelope<'organization.member_invited'> =>
        e.type === 'organization.member_invited' && e.data.inviteeEmail === email,
    );
    const url = openSealedText(invited.at(-1)!.data.sealedAcceptUrl, SECRET)!;
    return invitationTokenFromHash(new URL(url).hash)!;
  }

  async function join(slug: string, orgId: string, by: string, role: string): Promise<string> {
    const person = directory.add();
    const invited = await call('POST', `/api/orgs/${slug}/invitations`, by, { email: person.email, role });
    if (invited.status !== 201) throw new Error(`not invited: ${invited.text}`);
    const accepted = await call('POST', '/api/org-invitations/accept', person.userId, {
      token: await tokenFor(orgId, person.email),
    });
    if (accepted.status !== 200) throw new Error(`not accepted: ${accepted.text}`);
    return person.userId;
  }

  const platformAdmin = directory.add({ isAdmin: true, displayName: 'Platform Admin' });

  return {
    directory,
    venture: fakeVenture.venture,
    model,
    bus,
    clock,
    call,
    organization,
    outbox,
    tokenFor,
    join,
    async withAdmin() {
      const org = await organization();
      const admin = await join(org.slug, org.id, platformAdmin.userId, 'orgAdmin');
      return { ...org, admin };
    },
    async publish(type, data, occurredAt) {
      const event = createEvent(type, data, { producer: 'venture', occurredAt });
      await bus.publish([event as unknown as EventEnvelope]);
      return event;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await bus.close();
      await fakeVenture.close();
      await mongo.connection.dropDatabase().catch(() => undefined);
      await mongo.close();
      await testMongo.stop();
    },
  };
}
