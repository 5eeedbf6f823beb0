import { authConfigSchema, startAuthService, type RunningAuthService } from '@app/auth';
import {
  createInProcessBus,
  createLogger,
  IDENTITY_HEADER,
  signIdentity,
  type InProcessEventBus,
} from '@app/common';
import { gatewayConfigSchema, startGateway, type RunningGateway } from '@app/gateway';
import { Browser, startTestMongo, toReply, type Reply, type TestMongo } from '@app/testing';
import {
  organizationConfigSchema,
  startOrganizationService,
  type RunningOrganizationService,
} from '../../src/index.ts';

export const SECRET = 'organization-test-internal-secret-0123456789';
const logger = createLogger({ name: 'organization-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });

let counter = 0;
/** A unique suffix per call, so tests never share data. */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export { Browser, type Reply };

export interface Platform {
  base: string;
  auth: RunningAuthService;
  organization: RunningOrganizationService;
  gateway: RunningGateway;
  bus: InProcessEventBus;
  /** A call straight to a service, signed as the given service (internal endpoints). */
  internal(
    target: 'auth' | 'organization',
    method: string,
    path: string,
    body?: unknown,
    as?: { svc: string } | { user: string | null },
  ): Promise<Reply>;
  close(): Promise<void>;
}

/** Auth and organization behind the real gateway (in-memory sessions, in-process bus), on free ports. */
export async function startPlatform(): Promise<Platform & { mongo: TestMongo }> {
  const mongo = await startTestMongo();
  const bus = createInProcessBus({ logger });
  const base = { NODE_ENV: 'test', INTERNAL_SECRET: SECRET, MONGO_URL: mongo.url, PORT: '0' };
  const auth = await startAuthService(
    authConfigSchema.parse({ ...base, PASSWORD_ARGON2_MEMORY_KIB: '1024', PASSWORD_ARGON2_PASSES: '1' }),
    {
      logger,
      bus,
    },
  );
  const authUrl = `http://127.0.0.1:${auth.port}`;
  const organization = await startOrganizationService(
    organizationConfigSchema.parse({ ...base, AUTH_URL: authUrl }),
    { logger },
  );
  const gateway = await startGateway(
    gatewayConfigSchema.parse({
      NODE_ENV: 'test',
      INTERNAL_SECRET: SECRET,
      PORT: '0',
      WEB_DIST: '/nonexistent',
      AUTH_URL: authUrl,
      ORGANIZATION_URL: `http://127.0.0.1:${organization.port}`,
    }),
    { logger, bus },
  );
  const ports = { auth: auth.port, organization: organization.port };
  return {
    mongo,
    base: `http://127.0.0.1:${gateway.port}`,
    auth,
    organization,
    gateway,
    bus,
    async internal(target, method, path, body, as = { svc: 'admin' }) {
      const identity =
        'svc' in as
          ? { sub: null, svc: as.svc, aud: target }
          : { sub: as.user, ...(as.user ? { sid: 'sid-test' } : {}), aud: target };
      const res = await fetch(`http://127.0.0.1:${ports[target]}${path}`, {
        method,
        headers: {
          [IDENTITY_HEADER]: signIdentity(SECRET, identity),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return toReply(res);
    },
    async close() {
      gateway.server.closeAllConnections();
      await gateway.close();
      await organization.close();
      await auth.close();
      await bus.close();
      await mongo.stop();
    },
  };
}
