import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestMongo, type TestMongo } from '@app/testing';
import { connectionsTo, eventually, liveHeapMb, sleep } from './support/infra.ts';
import { startPlatform, type Browser, type Platform } from './support/platform.ts';

/*
 * RELIABILITY.md "Faults": a service down or hung → the gateway answers 502/504 JSON promptly, sockets
 * return to their baseline, the other services are unaffected, and it recovers when the service does.
 * The venture service sits behind a fault proxy (hang = its sockets stop moving, like SIGSTOP) and is
 * really stopped and restarted on its port for "down". Needs nothing but this process.
 */
const TIMEOUT_MS = 1000;
/** Calls waiting on the hung service at once. */
const HUNG_CALLS = 100;
let mongo: TestMongo;
let platform: Platform;
let founder: { browser: Browser; id: string; username: string };
let ventureId: string;

beforeAll(async () => {
  mongo = await startTestMongo();
  platform = await startPlatform({ mongo, ventureBehindProxy: true, upstreamTimeoutMs: TIMEOUT_MS });
  founder = await platform.newUser();
  ventureId = (await platform.newVenture(founder.browser, 'Fault Tolerant Co')).id;
}, 60_000);

afterAll(async () => {
  await platform?.close();
  await mongo?.stop();
}, 60_000);

/** The other service (auth) answers as usual. */
async function othersUnaffected(): Promise<void> {
  const me = await founder.browser.call('GET', '/api/user');
  expect(me.status).toBe(200);
  expect(me.body.username).toBe(founder.username);
  expect(me.ms).toBeLessThan(1000);
}

/**
 * After a fault: the live heap is within 10 MB of before, and the gateway's connections to the service
 * return to the baseline (`baseline` null: no /proc/net/tcp here, the count is not checked).
 */
async function expectBackToBaseline(
  fault: string,
  heapBefore: number,
  proxyPort: number,
  baseline: number | null,
  detail = '',
): Promise<void> {
  const heapAfter = liveHeapMb();
  console.log(
    `service-down.fault: live heap ${heapBefore.toFixed(1)} MB before the ${fault}, ${heapAfter.toFixed(1)} MB after`,
  );
  expect(heapAfter - heapBefore).toBeLessThan(10);
  if (baseline === null) {
    console.warn('service-down.fault.test.ts: no /proc/net/tcp here; the socket count is not checked');
    return;
  }
  await eventually(
    `gateway connections to the service return to the baseline (${baseline}${detail})`,
    () => (connectionsTo(proxyPort) ?? 0) <= Math.max(baseline, 1),
    5000,
    100,
  );
}

describe('a service down or hung', () => {
  it('down: 502 JSON at once for every caller, auth unaffected, sockets and memory back to baseline, the same sign-in works again once it is back', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await founder.browser.call('GET', '/api/ventures')).status).toBe(200);
    await sleep(200);
    const proxyPort = platform.ventureProxy!.port;
    const heapBefore = liveHeapMb();
    const baseline = connectionsTo(proxyPort);
    await platform.stopVenture();

    const started = Date.now();
    const refused = await Promise.all(
      Array.from({ length: HUNG_CALLS }, () => founder.browser.once(`/api/ventures/${ventureId}`)),
    );
    for (const res of refused) {
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ code: 'UPSTREAM.UNAVAILABLE', message: expect.any(String) });
    }
    expect(Date.now() - started).toBeLessThan(2000);
    for (let i = 0; i < 5; i += 1) {
      const res = await founder.browser.call('GET', `/api/ventures/${ventureId}`);
      expect(res.status).toBe(502);
      expect(res.ms).toBeLessThan(1000);
    }
    const write = await founder.browser.call('PATCH', `/api/ventures/${ventureId}`, { name: 'Renamed' });
    expect(write.status).toBe(502);
    await othersUnaffected();

    await platform.startVenture();
    await eventually('the venture answers again', async () => {
      return (await founder.browser.call('GET', `/api/ventures/${ventureId}`)).status === 200;
    });
    const back = await founder.browser.call('GET', `/api/ventures/${ventureId}`);
    expect(back.body.name).toBe('Fault Tolerant Co');

    await sleep(1000);
    await expectBackToBaseline('outage', heapBefore, proxyPort, baseline);
  }, 60_000);

  it('hung: 504 JSON within the upstream timeout for every caller, auth unaffected, sockets back to baseline', async () => {
    // Baseline after the pool is warm.
    for (let i = 0; i < 3; i += 1)
      expect((await founder.browser.call('GET', '/api/ventures')).status).toBe(200);
    await sleep(200);
    const proxyPort = platform.ventureProxy!.port;
    const heapBefore = liveHeapMb();
    const baseline = connectionsTo(proxyPort) ?? 0;

    platform.ventureProxy!.hang();
    const started = Date.now();
    const pending = Promise.all(
      Array.from({ length: HUNG_CALLS }, () => founder.browser.once(`/api/ventures/${ventureId}`)),
    );
    // While hung, each waiting call holds its own connection from the gateway to the service: the
    // most seen at once proves the count below measures those connections (null: no /proc here).
    let during: number | null = 0;
    while (Date.now() - started < TIMEOUT_MS * 0.8 && during !== null) {
      const now = connectionsTo(proxyPort);
      during = now === null ? null : Math.max(during, now);
      await sleep(20);
    }
    if (during !== null) expect(during).toBeGreaterThanOrEqual(HUNG_CALLS / 2);
    const hung = await pending;
    for (const res of hung) {
      expect(res.status).toBe(504);
      expect(res.body).toEqual({ code: 'UPSTREAM.TIMEOUT', message: expect.any(String) });
      expect(res.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(res.ms).toBeLessThan(TIMEOUT_MS + 3000);
    }
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3500);
    await othersUnaffected();
    // A public call routed to the hung service times out the same way; the gateway itself stays live.
    expect((await platform.browser().call('GET', '/api/task-guides')).status).toBe(504);
    expect((await fetch(`${platform.base}/healthz`)).status).toBe(200);

    platform.ventureProxy!.restore();
    await eventually('the venture answers again', async () => {
      return (await founder.browser.call('GET', `/api/ventures/${ventureId}`)).status === 200;
    });
    await sleep(1500);
    // Every connection the hung calls opened from the gateway to the service is closed again.
    await expectBackToBaseline(
      'hang',
      heapBefore,
      proxyPort,
      during === null ? null : baseline,
      `; ${during} while hung`,
    );
  }, 60_000);
});
