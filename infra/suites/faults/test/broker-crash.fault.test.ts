import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type SmtpSink, startSmtpSink, startTestMongo, type SunkMail, type TestMongo } from '@app/testing';
import {
  announceSkip,
  eventually,
  rabbitMqServerAvailable,
  sleep,
  startOwnRabbitMq,
  type OwnRabbitMq,
} from './support/infra.ts';
import { changeTasks, startPlatform, type Platform } from './support/platform.ts';

/*
 * RELIABILITY.md "Faults": the broker itself killed mid-stream (SIGKILL, not a cut connection) and
 * restarted → no event lost (persistent messages in durable queues come back; unconfirmed events are
 * still in the outbox), none doubled (redeliveries meet the sent-log). The broker is a private RabbitMQ
 * node this test starts on its own ports and data directory; the shared one is never touched.
 */
const check = rabbitMqServerAvailable();
if (!check.ok) announceSkip('broker-crash.fault.test.ts', check.reason);
const describeRabbit = check.ok ? describe : describe.skip;

describeRabbit('RabbitMQ killed mid-stream', () => {
  let mongo: TestMongo;
  let rabbit: OwnRabbitMq;
  let smtp: SmtpSink;
  let platform: Platform;

  beforeAll(async () => {
    mongo = await startTestMongo();
    rabbit = await startOwnRabbitMq();
    smtp = await startSmtpSink();
    smtp.setDelay(50);
    platform = await startPlatform({ mongo, amqpUrl: rabbit.url });
    await platform.startMailer(smtp.url);
  }, 90_000);

  afterAll(async () => {
    await platform?.close();
    await smtp?.close();
    await rabbit?.stop();
    await mongo?.stop();
  }, 60_000);

  it('SIGKILLed while 100 task e-mails flow, then restarted: all 100 e-mails, none twice', async () => {
    const founder = await platform.newUser();
    const a = await platform.newVenture(founder.browser, 'Crash A');
    const b = await platform.newVenture(founder.browser, 'Crash B');
    const mails = (): SunkMail[] =>
      smtp.accepted.filter((m) => m.to.includes(founder.username) && m.subject.startsWith('Task updated'));
    const changes = changeTasks(founder.browser, [...a.taskIds, ...b.taskIds], 'in_progress');

    await eventually('e-mails are flowing', () => mails().length >= 20, 30_000, 10);
    await rabbit.kill();
    const atKill = mails().length;
    await sleep(1000);
    const whileDown = mails().length;
    await rabbit.restart();
    const restartedAt = Date.now();
    // Task changes never depend on the broker.
    expect(await changes).toEqual(Array(100).fill(200));

    await eventually(
      '100 distinct e-mails',
      () => new Set(mails().map((m) => m.eventId)).size >= 100,
      60_000,
      100,
    );
    console.log(
      `broker-crash.fault: broker killed after ${atKill} e-mails (${whileDown} while down); ` +
        `all 100 ${Date.now() - restartedAt} ms after the restart`,
    );
    await eventually('the outbox drains', async () => (await platform.ventureOutbox()) === 0, 10_000);
    await sleep(1500);
    expect(atKill).toBeLessThan(100);
    expect(mails()).toHaveLength(100);
    expect(new Set(mails().map((m) => m.eventId)).size).toBe(100);
  }, 110_000);
});
