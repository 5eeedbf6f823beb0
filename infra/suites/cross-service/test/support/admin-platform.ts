import { IDENTITY_HEADER, signIdentity, type EventBus } from '@app/common';
import { Browser, startPlatform as startServices, toReply, unique, type Reply } from '@app/testing';

export const SECRET = 'admin-test-internal-secret-0123456789abcdef';
export const ADMIN_EMAIL = 'root@ventureroadmap.test';
export const ADMIN_PASSWORD = 'root-password-1';

export { Browser, unique, type Reply };

export interface Platform {
  base: string;
  /** The in-process bus every service of the platform shares. */
  bus(): EventBus;
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
  /** Stops one service for good (a test that needs it down; the platform does not restart it). */
  stop(name: 'venture' | 'contact'): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every service the admin service composes from (auth with the configured first administrator, venture,
 * organization, contact) and admin itself behind the real gateway (`startPlatform` of the test library).
 */
export async function startPlatform(): Promise<Platform> {
  const platform = await startServices({
    services: ['auth', 'venture', 'organization', 'contact', 'admin'],
    secret: SECRET,
    env: {
      auth: { ADMIN_EMAIL, ADMIN_PASSWORD },
      contact: { CONTACT_LIMIT_PER_CLIENT: '10000' },
      // The contact limit holds at the gateway too (in Redis when set), and these suites send many messages.
      gateway: {
        LOGIN_LIMIT_PER_CLIENT: '100000',
        REGISTER_LIMIT_PER_CLIENT: '100000',
        CONTACT_LIMIT_PER_CLIENT: '10000',
        // The fuzz and the access matrix fetch the public calendar feed often (its limit has its own test).
        CALENDAR_FEED_LIMIT_PER_MINUTE: '10000',
      },
    },
  });
  return {
    base: platform.base,
    bus: () => platform.bus!,
    signIn: (username, password) => platform.signIn(username, password),
    newUser: () => platform.newUser(),
    async startAdmin(urls) {
      // A second admin service beside the platform's, on the same database.
      const { adminConfigSchema, startAdminService } = await import('@app/admin');
      const other = await startAdminService(
        adminConfigSchema.parse({
          NODE_ENV: 'test',
          INTERNAL_SECRET: SECRET,
          MONGO_URL: platform.mongo.url,
          PORT: '0',
          AUTH_URL: platform.url('auth'),
          ORGANIZATION_URL: platform.url('organization'),
          VENTURE_URL: platform.url('venture'),
          CONTACT_URL: platform.url('contact'),
          ...urls,
        }),
        { logger: platform.logger },
      );
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
    direct: (target, method, path, as, body) =>
      platform.direct(target, method, path, 'svc' in as ? as : { user: as.user, sid: 'sid-x' }, body),
    stop: (name) => platform.stop(name),
    close: () => platform.close(),
  };
}
