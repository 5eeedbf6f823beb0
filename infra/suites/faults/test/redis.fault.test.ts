import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestMongo, type TestMongo } from '@app/testing';
import {
  announceSkip,
  eventually,
  redisServerAvailable,
  sleep,
  startOwnRedis,
  type OwnRedis,
} from './support/infra.ts';
import { PASSWORD, startPlatform, type Browser, type Platform, type Reply } from './support/platform.ts';

/*
 * RELIABILITY.md "Faults": Redis killed (SIGKILL) or hung (SIGSTOP) during traffic → signed-in calls get
 * 503 within a second (never a hang), public calls keep working, and the gateway recovers by itself when
 * Redis returns. The Redis here is this test's own redis-server on a free port (never the shared one).
 */
const redisCheck = redisServerAvailable();
if (!redisCheck.ok) announceSkip('redis.fault.test.ts', redisCheck.reason);
const describeRedis = redisCheck.ok ? describe : describe.skip;

interface Sample extends Reply {
  kind: 'signed-in' | 'public';
  at: number;
}

/** Four clients looping over a signed-in and a public call until stopped; every answer is kept. */
function traffic(signedIn: Browser, anonymous: Browser) {
  const samples: Sample[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      for (const [kind, browser, path] of [
        ['signed-in', signedIn, '/api/ventures'],
        ['public', anonymous, '/api/task-guides'],
      ] as const) {
        const at = Date.now();
        const reply = await browser.call('GET', path, undefined, 5000).catch((err: Error): Reply => ({
          status: 0,
          headers: new Headers(),
          ms: Date.now() - at,
          body: err.message,
        }));
        samples.push({ ...reply, kind, at });
      }
      await sleep(20);
    }
  };
  const workers = Array.from({ length: 4 }, worker);
  return {
    samples,
    between: (from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to),
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

describeRedis('Redis killed or hung during traffic', () => {
  let mongo: TestMongo;
  let redis: OwnRedis;
  let platform: Platform;

  beforeAll(async () => {
    mongo = await startTestMongo();
    redis = await startOwnRedis();
    platform = await startPlatform({ mongo, redisUrl: redis.url });
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
    await redis?.stop();
    await mongo?.stop();
  }, 60_000);

  function expectOutage(samples: Sample[]): void {
    const signedIn = samples.filter((s) => s.kind === 'signed-in');
    const publicCalls = samples.filter((s) => s.kind === 'public');
    expect(signedIn.length).toBeGreaterThan(4);
    expect(publicCalls.length).toBeGreaterThan(4);
    for (const s of signedIn) {
      expect({ status: s.status, code: s.body?.code }).toEqual({
        status: 503,
        code: 'SESSION.STORE_UNAVAILABLE',
      });
      expect(s.ms).toBeLessThan(1000);
    }
    for (const s of publicCalls) {
      expect(s.status).toBe(200);
      expect(s.ms).toBeLessThan(1000);
    }
  }

  async function expectDuringOutage(): Promise<void> {
    const login = await platform
      .browser()
      .call('POST', '/api/login', { username: 'x@faults.test', password: PASSWORD });
    expect(login.status).toBe(503);
    expect(login.ms).toBeLessThan(1000);
    expect((await fetch(`${platform.base}/healthz`)).status).toBe(200);
    // The gateway stays in traffic (public pages keep working) and names Redis as the degraded part.
    const ready = await fetch(`${platform.base}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: 'degraded', checks: { redis: false } },
    ]);
  }

  it('killed: 503 within a second for signed-in calls, public calls fine, sign-in works again once Redis is back', async () => {
    const founder = await platform.newUser();
    await platform.newVenture(founder.browser, 'Crash Test Co');
    const load = traffic(founder.browser, platform.browser());
    try {
      await sleep(500);
      await redis.kill();
      const killedAt = Date.now();
      await sleep(2000);
      await expectDuringOutage();
      // Calls already past the session lookup when Redis died may still finish normally: skip 100 ms.
      expectOutage(load.between(killedAt + 100, Date.now()));

      // The restart's start bounds the outage: once the new Redis accepts connections (before restart()
      // resolves, under load), old cookies are anonymous (401) as they should be.
      const restartingAt = Date.now();
      await redis.restart();
      const restartedAt = Date.now();
      // A crash without persistence loses the sessions: the old cookie is anonymous, signing in works again.
      const again = platform.browser();
      await eventually(
        'sign-in works again after Redis restarted',
        async () =>
          (await again.call('POST', '/api/login', { username: founder.username, password: PASSWORD }))
            .status === 200,
        10_000,
        100,
      );
      console.log(
        `redis.fault: the gateway accepted a sign-in ${Date.now() - restartedAt} ms after Redis restarted`,
      );
      expect((await again.call('GET', '/api/ventures')).status).toBe(200);
      expect((await fetch(`${platform.base}/readyz`)).status).toBe(200);
      await load.stop();
      for (const s of load.samples) {
        expect([200, 401, 503]).toContain(s.status);
        expect(s.ms).toBeLessThan(1000);
      }
      expect(load.samples.filter((s) => s.status === 401 && s.at < restartingAt)).toEqual([]);
    } finally {
      await load.stop();
    }
  }, 60_000);

  it('hung: 503 within a second for signed-in calls, public calls fine, the same session works again on resume', async () => {
    const founder = await platform.newUser();
    const load = traffic(founder.browser, platform.browser());
    try {
      await sleep(500);
      redis.hang();
      const hungAt = Date.now();
      await sleep(2000);
      await expectDuringOutage();
      expectOutage(load.between(hungAt + 100, Date.now()));

      redis.resume();
      const resumedAt = Date.now();
      await eventually(
        'signed-in calls succeed again after Redis resumed',
        async () => (await founder.browser.call('GET', '/api/ventures')).status === 200,
        10_000,
        50,
      );
      console.log(
        `redis.fault: signed-in calls succeeded again ${Date.now() - resumedAt} ms after Redis resumed`,
      );
      await sleep(300);
      await load.stop();
      for (const s of load.samples) {
        expect([200, 503]).toContain(s.status);
        expect(s.ms).toBeLessThan(1000);
      }
      // The session survived: the last signed-in answers are 200 with the same cookie.
      const last = load.samples.filter((s) => s.kind === 'signed-in').slice(-4);
      expect(last.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    } finally {
      redis.resume();
      await load.stop();
    }
  }, 60_000);
});
