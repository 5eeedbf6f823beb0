import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFaultProxy, startTestMongo, type FaultProxy, type TestMongo } from '@app/testing';
import { eventually, sleep } from './support/infra.ts';
import { startPlatform, type Browser, type Platform } from './support/platform.ts';

/*
 * RELIABILITY.md "Faults": MongoDB unreachable or hung → the service answers 503 within a second (the
 * driver's bounded server selection, connection and response time-outs), reports not ready, does not
 * crash, and recovers by itself.
 * The services reach the database through a fault proxy that cuts every connection and refuses new ones
 * (killed), or keeps them open and silent (hung, as SIGSTOP would).
 */
let mongo: TestMongo;
let proxy: FaultProxy;
let platform: Platform;
let founder: { browser: Browser; id: string; username: string };
let venture: { id: string; taskIds: string[] };

beforeAll(async () => {
  mongo = await startTestMongo();
  proxy = await startFaultProxy(mongo.url, 27017);
  platform = await startPlatform({ mongo, serviceMongoUrl: proxy.url });
  founder = await platform.newUser();
  venture = await platform.newVenture(founder.browser, 'Database Outage Co');
}, 60_000);

afterAll(async () => {
  await platform?.close();
  await proxy?.close();
  await mongo?.stop();
}, 60_000);

const readyz = async (port: number) => {
  const started = Date.now();
  const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(5000) });
  return {
    status: res.status,
    ms: Date.now() - started,
    body: (await res.json()) as { checks: { mongo: boolean } },
  };
};

/** The gateway itself (no database) keeps answering. */
const othersAlive = () => fetch(`${platform.base}/healthz`);

describe('MongoDB unreachable', () => {
  it('reads and writes get 503 JSON within a second, readiness is false, and it recovers by itself', async () => {
    expect((await readyz(platform.venturePort)).status).toBe(200);
    proxy.kill();

    const read = await founder.browser.call('GET', `/api/ventures/${venture.id}`);
    expect(read.status).toBe(503);
    expect(read.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(JSON.stringify(read.body)).not.toMatch(/mongo|stack|Error:/i);
    expect(read.ms).toBeLessThan(1000);

    const write = await founder.browser.call('PATCH', `/api/venture-tasks/${venture.taskIds[0]}`, {
      status: 'in_progress',
    });
    expect(write.status).toBe(503);
    expect(write.ms).toBeLessThan(1000);

    const ready = await readyz(platform.venturePort);
    expect(ready.status).toBe(503);
    expect(ready.body.checks.mongo).toBe(false);
    expect(ready.ms).toBeLessThan(2000);
    // The process is alive and the gateway still answers.
    expect((await fetch(`http://127.0.0.1:${platform.venturePort}/healthz`)).status).toBe(200);
    expect((await fetch(`${platform.base}/healthz`)).status).toBe(200);

    await sleep(500);
    proxy.restore();
    const restoredAt = Date.now();
    await eventually(
      'the venture service reads again',
      async () => (await founder.browser.call('GET', `/api/ventures/${venture.id}`)).status === 200,
      20_000,
      200,
    );
    console.log(
      `mongo.fault: reads succeeded again ${Date.now() - restoredAt} ms after the database returned`,
    );
    expect((await readyz(platform.venturePort)).status).toBe(200);
    // The refused write changed nothing; the same change now succeeds.
    const after = await founder.browser.call('GET', `/api/ventures/${venture.id}`);
    expect(after.body.tasks.find((t: { id: string }) => t.id === venture.taskIds[0]).status).toBe('todo');
    const retried = await founder.browser.call('PATCH', `/api/venture-tasks/${venture.taskIds[0]}`, {
      status: 'in_progress',
    });
    expect(retried.status).toBe(200);
  }, 60_000);

  it('hung: every call answers 503 in under a second, and it recovers on resume without a restart', async () => {
    expect((await founder.browser.call('GET', `/api/ventures/${venture.id}`)).status).toBe(200);
    proxy.hang();
    try {
      // Reads and writes, for longer than the driver's monitor needs to notice the hang (its heartbeat
      // every 2 s): first the operation time-out answers, then server selection; both under a second.
      const started = Date.now();
      const answers: Array<{ status: number; ms: number }> = [];
      while (Date.now() - started < 5000) {
        const read = await founder.browser.call('GET', `/api/ventures/${venture.id}`);
        const write = await founder.browser.call('PATCH', `/api/venture-tasks/${venture.taskIds[1]}`, {
          status: 'in_progress',
        });
        answers.push({ status: read.status, ms: read.ms }, { status: write.status, ms: write.ms });
      }
      const slowest = Math.max(...answers.map((a) => a.ms));
      console.log(
        `mongo.fault: ${answers.length} calls with the database hung answered ` +
          `${[...new Set(answers.map((a) => a.status))].join(',')}, the slowest after ${slowest} ms`,
      );
      // 504 would mean the gateway's upstream timeout (10 s) fired first: the service hung with its database.
      expect(answers.every((a) => a.status === 503)).toBe(true);
      expect(slowest).toBeLessThan(1000);
      const ready = await readyz(platform.venturePort);
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(2000);
      expect((await othersAlive()).status).toBe(200);
    } finally {
      proxy.restore();
    }
    await eventually(
      'the venture service reads again',
      async () => (await founder.browser.call('GET', `/api/ventures/${venture.id}`)).status === 200,
      20_000,
      200,
    );
    expect((await readyz(platform.venturePort)).status).toBe(200);
    const retried = await founder.browser.call('PATCH', `/api/venture-tasks/${venture.taskIds[1]}`, {
      status: 'in_progress',
    });
    expect(retried.status).toBe(200);
  }, 60_000);
});
