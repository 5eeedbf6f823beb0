// The platform for tests that need several services: each service started in this process with its own
// start function, on its own free port, reached through the real gateway, as the all-in-one runner
// (infra/runner) starts them. The one helper every multi-service test builds on (the cross-service, ops and
// fault suites): a service's own tests never start another service.
import type { Server } from 'node:http';
import {
  createInProcessBus,
  createLogger,
  IDENTITY_HEADER,
  parseConfig,
  signIdentity,
  type EventBus,
  type Logger,
  type RunningService,
  type ServiceOverrides,
} from '@app/common';
import { PLATFORM_SERVICES, type PlatformServiceName } from '@app/runner';
import { Browser, toReply, type Reply } from './browser.ts';
import { startTestMongo, type TestMongo } from './test-mongo.ts';

export type PlatformService = PlatformServiceName;
type Env = Record<string, string | undefined>;

export interface PlatformOptions {
  /** The services to start (in the runner's order, `PLATFORM_SERVICES`), behind the gateway, which always starts. */
  services: PlatformService[];
  /** INTERNAL_SECRET of every deployable. */
  secret: string;
  logger?: Logger;
  /** The database server (default `startTestMongo()`, stopped by `close()`; a given one is left running). */
  mongo?: TestMongo;
  /** What the services connect to instead of `mongo.url` (e.g. a fault proxy in front of it). */
  mongoUrl?: string;
  /**
   * The event bus a deployable gets, each time it starts (closed when it stops). Default: one in-process
   * bus for the whole platform, as the runner has (`platform.bus`).
   */
  bus?: (name: PlatformService | 'gateway') => Promise<EventBus> | EventBus;
  /** Environment over the defaults: for every service (`services`), one service, or the gateway. */
  env?: Partial<Record<PlatformService | 'services' | 'gateway', Env>>;
  /** Start overrides of one service (e.g. its `dbName`). */
  overrides?: Partial<Record<PlatformService, ServiceOverrides>>;
  /**
   * Something in front of a service (e.g. a fault proxy): given the service's URL, returns the one the
   * gateway and the other services are given.
   */
  front?: Partial<Record<PlatformService, (url: string) => Promise<string>>>;
}

/** How a test calls a service directly: as another service (internal routes) or as a user (`null`: none). */
export type Caller = { svc: string } | { user: string | null; sid?: string };

export interface Platform {
  /** The gateway's address: the only one a browser uses. */
  base: string;
  mongo: TestMongo;
  /** The logger every deployable of the platform writes to (silent unless TEST_LOG_LEVEL is set). */
  logger: Logger;
  /** The in-process bus every deployable shares (null when `options.bus` gives them their own). */
  bus: EventBus | null;
  gateway: { port: number; server: Server; close(): Promise<void> };
  /** A running service (throws when it is not running). */
  service<T extends RunningService = RunningService>(name: PlatformService): T;
  /** The address the gateway and the other services use for a service (its front, if any). */
  url(name: PlatformService): string;
  /** (Re)starts a service, on the port it had before if it ran already; `env` and `overrides` over the options'. */
  start<T extends RunningService = RunningService>(
    name: PlatformService,
    more?: { env?: Env; overrides?: ServiceOverrides },
  ): Promise<T>;
  /** Stops a service and closes its bus (in-flight requests finish first). */
  stop(name: PlatformService): Promise<void>;
  /** A browser on the gateway. */
  browser(): Browser;
  /** Registers a new user through the gateway; the browser is signed in. */
  newUser(password?: string): Promise<{ browser: Browser; user: { id: string; username: string } }>;
  /** Signs in through the gateway. */
  signIn(username: string, password: string): Promise<Browser>;
  /** A call straight to a service, with the identity the gateway or another service would sign. */
  direct(target: PlatformService, method: string, path: string, as: Caller, body?: unknown): Promise<Reply>;
  /** Stops the gateway, then the services (newest first), the buses and the database it started. */
  close(): Promise<void>;
}

let counter = 0;
/** A suffix no other call returns, so tests never share data. */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const logger =
    options.logger ?? createLogger({ name: 'platform', level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const mongo = options.mongo ?? (await startTestMongo());
  const shared = options.bus ? null : createInProcessBus({ logger });
  const busFor = async (name: PlatformService | 'gateway'): Promise<EventBus> =>
    options.bus ? options.bus(name) : { ...shared!, close: async () => undefined };

  const running = new Map<PlatformService, { service: RunningService; bus: EventBus }>();
  const ports = new Map<PlatformService, number>();
  const urls = new Map<PlatformService, string>();
  /** The same addresses by service name, live: a service reads an upstream started after it from here. */
  const serviceUrls: Record<string, string> = {};
  const urlEnv = (): Env => {
    const env: Env = {};
    for (const [name, url] of urls) {
      const urlVar = PLATFORM_SERVICES.find((s) => s.name === name)!.urlVar;
      if (urlVar) env[urlVar] = url;
    }
    return env;
  };

  async function start<T extends RunningService>(
    name: PlatformService,
    more: { env?: Env; overrides?: ServiceOverrides } = {},
  ): Promise<T> {
    if (running.has(name)) throw new Error(`${name} is already running`);
    const env: Env = {
      NODE_ENV: 'test',
      INTERNAL_SECRET: options.secret,
      MONGO_URL: options.mongoUrl ?? mongo.url,
      PORT: '0',
      ...(name === 'auth' ? { PASSWORD_ARGON2_MEMORY_KIB: '1024', PASSWORD_ARGON2_PASSES: '1' } : {}),
      ...urlEnv(),
      ...options.env?.services,
      ...options.env?.[name],
      ...more.env,
    };
    const bus = await busFor(name);
    try {
      const { schema, start: startService } = await PLATFORM_SERVICES.find((s) => s.name === name)!.load();
      const service = await startService(parseConfig(schema, env), {
        logger,
        bus,
        ...(ports.has(name) ? { port: ports.get(name), host: '127.0.0.1' } : {}),
        serviceUrls,
        ...options.overrides?.[name],
        ...more.overrides,
      });
      running.set(name, { service, bus });
      if (!ports.has(name)) {
        ports.set(name, service.port);
        const direct = `http://127.0.0.1:${service.port}`;
        const front = options.front?.[name];
        urls.set(name, front ? await front(direct) : direct);
        serviceUrls[name] = urls.get(name)!;
      }
      return service as T;
    } catch (error) {
      await bus.close();
      throw error;
    }
  }

  async function stop(name: PlatformService): Promise<void> {
    const it = running.get(name);
    if (!it) return;
    running.delete(name);
    await it.service.close();
    await it.bus.close();
  }

  // In the runner's order (PLATFORM_SERVICES).
  for (const { name } of PLATFORM_SERVICES) if (options.services.includes(name)) await start(name);

  const { gatewayConfigSchema, startGateway } = await import('@app/gateway');
  const gatewayBus = await busFor('gateway');
  const gateway = await startGateway(
    parseConfig(gatewayConfigSchema, {
      NODE_ENV: 'test',
      INTERNAL_SECRET: options.secret,
      PORT: '0',
      WEB_DIST: '/nonexistent',
      ...urlEnv(),
      ...options.env?.gateway,
    }),
    { logger, bus: gatewayBus },
  );
  const base = `http://127.0.0.1:${gateway.port}`;

  const platform: Platform = {
    base,
    mongo,
    logger,
    bus: shared,
    gateway,
    service<T extends RunningService>(name: PlatformService) {
      const it = running.get(name);
      if (!it) throw new Error(`${name} is not running`);
      return it.service as T;
    },
    url(name) {
      const url = urls.get(name);
      if (!url) throw new Error(`${name} was never started`);
      return url;
    },
    start,
    stop,
    browser: () => new Browser(base),
    async newUser(password = 'secret12') {
      const browser = new Browser(base);
      const res = await browser.call('POST', '/api/register', {
        username: `user.${unique()}@example.com`,
        password,
      });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { browser, user: res.body as { id: string; username: string } };
    },
    async signIn(username, password) {
      const browser = new Browser(base);
      const res = await browser.call('POST', '/api/login', { username, password });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
      return browser;
    },
    async direct(target, method, path, as, body) {
      const identity =
        'svc' in as
          ? { sub: null, svc: as.svc, aud: target }
          : { sub: as.user, ...(as.user ? { sid: as.sid ?? 'sid-test' } : {}), aud: target };
      const port = running.get(target)?.service.port ?? ports.get(target);
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: {
          [IDENTITY_HEADER]: signIdentity(options.secret, identity),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return toReply(res);
    },
    async close() {
      gateway.server.closeAllConnections();
      await gateway.close();
      await gatewayBus.close();
      for (const name of [...running.keys()].reverse()) await stop(name);
      await shared?.close();
      if (!options.mongo) await mongo.stop();
    },
  };
  return platform;
}
