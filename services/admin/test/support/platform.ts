import { authConfigSchema, startAuthService, type RunningAuthService } from '@app/auth';
import {
  createInProcessBus,
  createLogger,
  IDENTITY_HEADER,
  signIdentity,
  type InProcessEventBus,
} from '@app/common';
import { contactConfigSchema, startContactService, type RunningContactService } from '@app/contact';
import { gatewayConfigSchema, startGateway, type RunningGateway } from '@app/gateway';
import {
  organizationConfigSchema,
  startOrganizationService,
  type RunningOrganizationService,
} from '@app/organization';
import { Browser, startTestMongo, toReply, type Reply, type TestMongo } from '@app/testing';
import { startVentureService, ventureConfigSchema, type RunningVentureService } from '@app/venture';
import { adminConfigSchema, startAdminService, type RunningAdminService } from '../../src/index.ts';

export const SECRET = 'admin-test-internal-secret-0123456789abcdef';
export const ADMIN_EMAIL = 'root@ventureroadmap.test';
export const ADMIN_PASSWORD = 'root-password-1';
const logger = createLogger({ name: 'admin-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });

let counter = 0;
/** A unique suffix per call, so tests never share data. */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export { Browser, type Reply };

export interface Platform {
  base: string;
  /** Signs in (through the gateway) and returns the browser. */
  signIn(username: string, password: string): Promise<Browser>;
  /** Registers a new user through the gateway; returns the signed-in browser and the user. */
  newUser(): Promise<{ browser: Browser; user: { id: string; username: string } }>;
  /** Another admin service on the same data with some URLs replaced (e.g. a service that is down). */
  startAdmin(urls: Partial<Record<'VENTURE_URL' | 'CONTACT_URL' | 'ORGANIZATION_URL', string>>): Promise<{
    call(method: string, path: string, userId: string): Promise<Reply>;
    close(): Promise<void>;
  }>;
  /** A call straight to a service, signed as the given caller. */
  direct(
    target: 'auth' | 'organization' | 'admin',
    method: string,
    path: string,
    as: { svc: string } | { user: string },
    body?: unknown,
  ): Promise<Reply>;
  close(): Promise<void>;
}

/**
 * Every service the admin service composes from (auth with the configured first administrator, venture,
 * organization, contact) and admin itself behind the real gateway; every URL on a free port.
 */
export async function startPlatform(): Promise<Platform> {
  const mongo: TestMongo = await startTestMongo();
  const bus: InProcessEventBus = createInProcessBus({ logger });
  const base = { NODE_ENV: 'test', INTERNAL_SECRET: SECRET, MONGO_URL: mongo.url, PORT: '0' };
  const auth: RunningAuthService = await startAuthService(
    authConfigSchema.parse({
      ...base,
      PASSWORD_ARGON2_MEMORY_KIB: '1024',
      PASSWORD_ARGON2_PASSES: '1',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    }),
    { logger, bus },
  );
  const authUrl = `http://127.0.0.1:${auth.port}`;
  const organization: RunningOrganizationService = await startOrganizationService(
    organizationConfigSchema.parse({ ...base, AUTH_URL: authUrl }),
    { logger },
  );
  const organizationUrl = `http://127.0.0.1:${organization.port}`;
  const venture: RunningVentureService = await startVentureService(
    ventureConfigSchema.parse({ ...base, AUTH_URL: authUrl }),
    { logger, bus },
  );
  const ventureUrl = `http://127.0.0.1:${venture.port}`;
  const contact: RunningContactService = await startContactService(
    contactConfigSchema.parse({ ...base, CONTACT_LIMIT_PER_CLIENT: '10000' }),
    { logger, bus },
  );
  const contactUrl = `http://127.0.0.1:${contact.port}`;
  const adminConfig = {
    ...base,
    AUTH_URL: authUrl,
    ORGANIZATION_URL: organizationUrl,
    VENTURE_URL: ventureUrl,
    CONTACT_URL: contactUrl,
  };
  const admin: RunningAdminService = await startAdminService(adminConfigSchema.parse(adminConfig), {
    logger,
  });
  const gateway: RunningGateway = await startGateway(
    gatewayConfigSchema.parse({
      NODE_ENV: 'test',
      INTERNAL_SECRET: SECRET,
      PORT: '0',
      WEB_DIST: '/nonexistent',
      AUTH_URL: authUrl,
      ORGANIZATION_URL: organizationUrl,
      VENTURE_URL: ventureUrl,
      CONTACT_URL: contactUrl,
      ADMIN_URL: `http://127.0.0.1:${admin.port}`,
      LOGIN_LIMIT_PER_CLIENT: '100000',
      REGISTER_LIMIT_PER_CLIENT: '100000',
    }),
    { logger, bus },
  );
  const gatewayUrl = `http://127.0.0.1:${gateway.port}`;
  const ports = { auth: auth.port, organization: organization.port, admin: admin.port };

  return {
    base: gatewayUrl,
    async signIn(username, password) {
      const browser = new Browser(gatewayUrl);
      const res = await browser.call('POST', '/api/login', { username, password });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
      return browser;
    },
    async newUser() {
      const browser = new Browser(gatewayUrl);
      const res = await browser.call('POST', '/api/register', {
        username: `user.${unique()}@example.com`,
        password: 'secret12',
      });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { browser, user: res.body as { id: string; username: string } };
    },
    async startAdmin(urls) {
      const other = await startAdminService(adminConfigSchema.parse({ ...adminConfig, ...urls }), { logger });
      return {
        async call(method, path, userId) {
          const res = await fetch(`http://127.0.0.1:${other.port}${path}`, {
            method,
            headers: { [IDENTITY_HEADER]: signIdentity(SECRET, { sub: userId, sid: 'sid-x', aud: 'admin' }) },
          });
          return toReply(res);
        },
        close: () => other.close(),
      };
    },
    async direct(target, method, path, as, body) {
      const identity =
        'svc' in as ? { sub: null, svc: as.svc, aud: target } : { sub: as.user, sid: 'sid-x', aud: target };
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
      await admin.close();
      await venture.close();
      await contact.close();
      await organization.close();
      await auth.close();
      await bus.close();
      await mongo.stop();
    },
  };
}
