import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type FaultProxy,
  type SmtpSink,
  startFaultProxy,
  startSmtpSink,
  startTestMongo,
  type TestMongo,
} from '@app/testing';
import { amqpUrl, announceSkip, eventually, sleep } from './support/infra.ts';
import { startPlatform, type Platform } from './support/platform.ts';

/*
 * RELIABILITY.md "Faults": RabbitMQ down while 200 tasks change status → all 200 calls succeed, the
 * events wait in the venture service's outbox, and once the broker is back the mailer sends exactly 200
 * e-mails, one per event. Every service reaches the shared broker through one fault proxy: "down" cuts
 * every connection and refuses new ones (the broker itself is never stopped).
 */
const broker = amqpUrl();
if (!broker.url) announceSkip('broker-outage.fault.test.ts', broker.reason);
const describeAmqp = broker.url ? describe : describe.skip;

describeAmqp('RabbitMQ down while 200 tasks change status', () => {
  let mongo: TestMongo;
  let proxy: FaultProxy;
  let smtp: SmtpSink;
  let platform: Platform;

  beforeAll(async () => {
    mongo = await startTestMongo();
    proxy = await startFaultProxy(broker.url!, 5672);
    smtp = await startSmtpSink();
    platform = await startPlatform({ mongo, amqpUrl: proxy.url, brokerUrl: broker.url! });
    await platform.startMailer(smtp.url);
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
    await proxy?.close();
    await smtp?.close();
    await mongo?.stop();
  }, 60_000);

  it('every change succeeds, the events wait in the outbox, and exactly 200 e-mails go out after the broker returns', async () => {
    const founder = await platform.newUser();
    const ventures = [];
    for (let i = 1; i <= 4; i += 1)
      ventures.push(await platform.newVenture(founder.browser, `Outage Venture ${i}`));
    // Nothing pending before the outage (venture.created events are out).
    await eventually(
      'the outbox is empty before the outage',
      async () => (await platform.ventureOutbox()) === 0,
    );
    const taskMails = () =>
      smtp.accepted.filter((m) => m.to.includes(founder.username) && /^Task updated/.test(m.subject));

    proxy.kill();
    const changes = ventures.flatMap((v) => v.taskIds.map((taskId) => ({ ventureId: v.id, taskId })));
    expect(changes).toHaveLength(200);
    const started = Date.now();
    // Four browsers' worth of concurrency, bounded.
    const queue = [...changes];
    const statuses: number[] = [];
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const res = await founder.browser.call('PATCH', `/api/venture-tasks/${next.taskId}`, {
            status: 'in_progress',
          });
          statuses.push(res.status);
          times.push(res.ms);
        }
      }),
    );
    const sorted = [...times].sort((x, y) => x - y);
    console.log(
      `broker-outage.fault: 200 task changes with the broker down took ${Date.now() - started} ms ` +
        `(median ${sorted[100]} ms, slowest ${sorted[199]} ms)`,
    );
    expect(statuses).toEqual(Array(200).fill(200));
    // The venture service stays in traffic: readiness names the broker but answers 200 "degraded".
    const readiness = async () => {
      const res = await fetch(`http://127.0.0.1:${platform.venturePort}/readyz`);
      return {
        status: res.status,
        body: (await res.json()) as { status: string; checks: Record<string, boolean> },
      };
    };
    await eventually(
      'the venture service reports the broker away',
      async () => !(await readiness()).body.checks.bus,
    );
    expect(await readiness()).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { mongo: true, bus: false } },
    });
    await sleep(500);
    expect(await platform.ventureOutbox()).toBe(200);
    expect(taskMails()).toEqual([]);

    proxy.restore();
    const restoredAt = Date.now();
    await eventually('200 task e-mails arrive', () => taskMails().length >= 200, 60_000, 100);
    console.log(`broker-outage.fault: 200 e-mails ${Date.now() - restoredAt} ms after the broker returned`);
    await eventually('the outbox drains', async () => (await platform.ventureOutbox()) === 0, 10_000);
    // Time for a late duplicate to show up.
    await sleep(1500);
    const mails = taskMails();
    expect(mails).toHaveLength(200);
    expect(new Set(mails.map((m) => m.eventId)).size).toBe(200);
    expect(mails.every((m) => m.subject.startsWith('Task updated to In Progress'))).toBe(true);
  }, 110_000);
});
