import { createInProcessBus, createLogger, signIdentity } from '@app/common';
import { readAuthConfig, startAuthService, type RunningAuthService } from '../src/index.ts';
import { startDatabase, SECRET } from './support/harness.ts';

let db: Awaited<ReturnType<typeof startDatabase>>;

beforeAll(async () => {
  db = await startDatabase();
}, 60_000);

afterAll(async () => {
  await db?.stop();
});

const env = () => ({
  MONGO_URL: db.url,
  PORT: '0',
  INTERNAL_SECRET: SECRET,
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: 'Ops@Example.com',
  ADMIN_PASSWORD: 'admin-secret-pass',
  PASSWORD_ARGON2_MEMORY_KIB: '4096',
  PASSWORD_ARGON2_PASSES: '1',
});

async function login(service: RunningAuthService, username: string, password: string) {
  return fetch(`http://127.0.0.1:${service.port}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-internal-identity': signIdentity(SECRET, { sub: null, aud: 'auth' }),
    },
    body: JSON.stringify({ username, password }),
  });
}

describe('startAuthService (the process and the all-in-one runner)', () => {
  it('seeds the demo and admin accounts idempotently, serves on the given port and closes cleanly', async () => {
    const logger = createLogger({ name: 'auth-test', level: 'silent' });
    const bus = createInProcessBus({ logger });
    const config = readAuthConfig(env());
    for (let start = 0; start < 2; start += 1) {
      const service = await startAuthService(config, { bus, logger });
      try {
        expect(service.port).toBeGreaterThan(0);
        const demo = await login(service, 'demo@ventureroadmap.app', 'demo-founder-2025');
        expect(demo.status).toBe(200);
        expect(await demo.json()).toMatchObject({ username: 'demo@ventureroadmap.app', isAdmin: false });
        const admin = await login(service, 'ops@example.com', 'admin-secret-pass');
        expect(admin.status).toBe(200);
        expect(await admin.json()).toMatchObject({ isAdmin: true, isActive: true });
        const ready = await fetch(`http://127.0.0.1:${service.port}/readyz`);
        expect(await ready.json()).toEqual({ status: 'ready', checks: { mongo: true } });
      } finally {
        await service.close();
      }
    }
    await bus.close();
  }, 30_000);

  it('refuses a configuration naming only one of ADMIN_EMAIL and ADMIN_PASSWORD, or a bad argon2 cost', async () => {
    const { parseConfig } = await import('@app/common');
    const { authConfigSchema } = await import('../src/config.ts');
    expect(() => parseConfig(authConfigSchema, { ADMIN_EMAIL: 'a@b.co' })).toThrow(
      'ADMIN_PASSWORD: required when the other ADMIN_* variable is set',
    );
    expect(() =>
      parseConfig(authConfigSchema, { PASSWORD_ARGON2_MEMORY_KIB: '64', PASSWORD_ARGON2_PARALLELISM: '16' }),
    ).toThrow('PASSWORD_ARGON2_MEMORY_KIB: must be at least 8 KiB per lane (PASSWORD_ARGON2_PARALLELISM)');
    expect(() => parseConfig(authConfigSchema, { PASSWORD_ARGON2_PASSES: '0' })).toThrow(
      'PASSWORD_ARGON2_PASSES',
    );
    expect(parseConfig(authConfigSchema, {})).toMatchObject({
      PORT: 4001,
      HOST: '127.0.0.1',
      RESET_TOKEN_TTL_MINUTES: 60,
      PASSWORD_ARGON2_MEMORY_KIB: 19_456,
      PASSWORD_ARGON2_PASSES: 2,
      PASSWORD_ARGON2_PARALLELISM: 1,
    });
  });
});
