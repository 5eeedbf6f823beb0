import type { Connection } from 'mongoose';
import { startTestMongo, type TestMongo } from '@app/testing';
import {
  baseConfigSchema,
  createInProcessBus,
  createLogger,
  parseConfig,
  startService,
} from '../src/index.ts';

// startService, the one start-up every service's main.ts hands its specifics to.
const logger = createLogger({ name: 'service-start-test', level: 'silent' });
let mongo: TestMongo;

beforeAll(async () => {
  mongo = await startTestMongo();
});
afterAll(async () => {
  await mongo?.stop();
});

const config = (env: Record<string, string> = {}) => ({
  ...parseConfig(baseConfigSchema, { LOG_LEVEL: 'silent', MONGO_URL: mongo.url, ...env }),
  PORT: 0,
  HOST: '127.0.0.1',
});
const hello = (_req: unknown, res: { end(body: string): void }) => res.end('hello');

describe('startService', () => {
  it('refuses to start without MONGO_URL: only the runner and the test library bring the embedded engine', async () => {
    const noMongo = { ...config(), MONGO_URL: undefined };
    await expect(
      startService({
        name: 'plain',
        config: noMongo,
        overrides: { logger },
        models: () => ({}),
        setup: async () => ({ app: hello }),
      }),
    ).rejects.toThrow('MONGO_URL is not set');
  });

  it('listens, reports readiness, and closes the server first, then its steps newest first, then the database', async () => {
    const order: string[] = [];
    let connection: Connection | undefined;
    const bus = createInProcessBus({ logger });
    const service = await startService({
      name: 'plain',
      config: config(),
      overrides: { logger, bus, dbName: mongo.uniqueDbName('service_start') },
      models: (c) => {
        connection = c;
        return {};
      },
      async setup(kit) {
        expect(await kit.checks.mongo!()).toBe(true);
        expect(await kit.busReady()).toBe(false);
        expect(kit.bus()).toBe(bus);
        expect(await kit.busReady()).toBe(true);
        kit.onClose(() => {
          order.push(`first (server listening: ${service.server.listening})`);
        });
        kit.onClose(() => {
          order.push('second');
        });
        return { app: hello, extra: 42 };
      },
    });
    expect(service.extra).toBe(42);
    expect(await (await fetch(`http://127.0.0.1:${service.port}/`)).text()).toBe('hello');
    await service.close();
    expect(order).toEqual(['second', 'first (server listening: false)']);
    expect(connection!.readyState).toBe(0);
    // The caller's bus is the caller's: still open.
    expect(bus.ready()).toBe(true);
    await bus.close();
  });

  it('a setup that fails closes what was already opened, and rethrows', async () => {
    const order: string[] = [];
    let connection: Connection | undefined;
    await expect(
      startService({
        name: 'plain',
        config: config(),
        overrides: { logger, dbName: mongo.uniqueDbName('service_start') },
        models: (c) => {
          connection = c;
          return {};
        },
        async setup(kit) {
          kit.onClose(() => {
            order.push('closed');
          });
          throw new Error('seed failed');
        },
      }),
    ).rejects.toThrow('seed failed');
    expect(order).toEqual(['closed']);
    expect(connection!.readyState).toBe(0);
  });
});
