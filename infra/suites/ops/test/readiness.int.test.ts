// Readiness reflects dependencies (infra/README.md "Probes"): Kubernetes takes a pod out of its Service
// while /readyz is 503 and puts it back when it is 200 again, without restarting it (/healthz stays 200).
// A shared dependency the deployable rides out (the gateway's Redis) is reported, as 200 "degraded".
// The dependency is cut with the fault proxy in front of it; the shared servers are never stopped.
import { createInProcessBus, createLogger } from '@app/common';
import { gatewayConfigSchema, startGateway, type RunningGateway } from '@app/gateway';
import {
  organizationConfigSchema,
  startOrganizationService,
  type RunningOrganizationService,
} from '@app/organization';
import { startFaultProxy, startTestMongo, testRedis, type FaultProxy, type TestMongo } from '@app/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const logger = createLogger({ name: 'ops-readiness', level: 'silent' });

async function readiness(baseUrl: string) {
  const res = await fetch(`${baseUrl}/readyz`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; checks: Record<string, boolean> },
  };
}

async function until(baseUrl: string, status: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await readiness(baseUrl);
  while (last.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await readiness(baseUrl);
  }
  return last;
}

// REDIS_URL, else a container, else the gateway cases are skipped with the reason.
const redisServer = await testRedis();
if (!redisServer.url) console.warn(`readiness: the gateway cases are skipped: ${redisServer.reason}`);
afterAll(async () => {
  if (redisServer.url) await redisServer.stop();
});

(redisServer.url ? describe : describe.skip)(
  'gateway readiness reports Redis but keeps the gateway in traffic',
  () => {
    const redisUrl = redisServer.url!;
    let proxy: FaultProxy;
    let gateway: RunningGateway;
    const bus = createInProcessBus({ logger });

    beforeAll(async () => {
      proxy = await startFaultProxy(redisUrl);
      const config = gatewayConfigSchema.parse({ PORT: '0', REDIS_URL: proxy.url, LOG_LEVEL: 'silent' });
      gateway = await startGateway(config, { logger, bus });
    });

    afterAll(async () => {
      await gateway?.close();
      await proxy?.close();
      await bus.close();
    });

    /** Polls until /readyz reports Redis as `up`. */
    async function untilRedis(url: string, up: boolean, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let last = await readiness(url);
      while (last.body.checks.redis !== up && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        last = await readiness(url);
      }
      return last;
    }

    it('is ready with Redis, degraded but still 200 while Redis is away (public pages keep working), ready when it returns', async () => {
      const url = `http://127.0.0.1:${gateway.port}`;
      expect(await readiness(url)).toEqual({
        status: 200,
        body: { status: 'ready', checks: { redis: true } },
      });

      proxy.kill();
      const down = await untilRedis(url, false);
      // Every gateway shares the one Redis: taking them all out of the Service would take the public site down.
      expect(down).toEqual({ status: 200, body: { status: 'degraded', checks: { redis: false } } });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      proxy.restore();
      expect((await untilRedis(url, true)).body).toEqual({ status: 'ready', checks: { redis: true } });
    });

    it('reports a hung Redis within about a second (a probe never waits for Redis)', async () => {
      const url = `http://127.0.0.1:${gateway.port}`;
      proxy.hang();
      try {
        const started = Date.now();
        const hung = await readiness(url);
        expect(hung).toEqual({ status: 200, body: { status: 'degraded', checks: { redis: false } } });
        expect(Date.now() - started).toBeLessThan(2500);
      } finally {
        proxy.restore();
      }
      expect((await untilRedis(url, true)).status).toBe(200);
    });
  },
);

describe('service readiness follows its database', () => {
  let mongo: TestMongo;
  let proxy: FaultProxy;
  let service: RunningOrganizationService;
  let dataDir: string;

  beforeAll(async () => {
    mongo = await startTestMongo();
    proxy = await startFaultProxy(mongo.url, 27017);
    dataDir = mkdtempSync(path.join(tmpdir(), 'ops-readiness-'));
    const config = organizationConfigSchema.parse({
      PORT: '0',
      MONGO_URL: `${proxy.url}/${mongo.uniqueDbName('readiness')}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    service = await startOrganizationService(config, { logger });
  });

  afterAll(async () => {
    await service?.close();
    await proxy?.close();
    await mongo?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is ready with MongoDB, not ready while it is away (alive all along), and ready again when it returns', async () => {
    const url = `http://127.0.0.1:${service.port}`;
    expect(await readiness(url)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { mongo: true, bus: true } },
    });

    proxy.kill();
    expect(await until(url, 503)).toEqual({
      status: 503,
      body: { status: 'not_ready', checks: { mongo: false, bus: true } },
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    proxy.restore();
    expect((await until(url, 200, 40_000)).body).toEqual({
      status: 'ready',
      checks: { mongo: true, bus: true },
    });
  });
});
