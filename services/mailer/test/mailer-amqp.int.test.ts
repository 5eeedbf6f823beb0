import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@app/common';
import { startFaultProxy, startTestMongo, testRabbitMq, type FaultProxy, type TestMongo } from '@app/testing';
import {
  CONTACT_INBOX,
  event,
  setUpMailer,
  sleep,
  taskUpdated,
  until,
  type MailerSetup,
} from './support/mailer-harness.ts';
import { startTestSmtp, type TestSmtp } from './support/test-smtp.ts';

/*
 * The mailer against a real RabbitMQ (AMQP_URL; CI sets it) and a real SMTP server started here. Events
 * are put straight into the test's own queue (the default exchange), so no other suite sharing the
 * broker ever sees them, and the mailer binds that queue on the test's own exchange instead of `events`,
 * so nobody else's events reach it. Without a broker these tests are reported as skipped.
 */
const rabbit = await testRabbitMq();
if (!rabbit.url) console.warn(`mailer-amqp.int.test.ts: the RabbitMQ tests are skipped: ${rabbit.reason}.`);
const describeAmqp = rabbit.url ? describe : describe.skip;

describeAmqp('mailer on RabbitMQ', () => {
  const AMQP_URL = rabbit.url!;
  let mongo: TestMongo;
  let admin: ChannelModel;
  let channel: Channel;
  let smtp: TestSmtp;
  let setup: MailerSetup;
  const proxies: FaultProxy[] = [];

  beforeAll(async () => {
    mongo = await startTestMongo();
    admin = await amqp.connect(AMQP_URL);
    channel = await admin.createChannel();
  }, 60_000);

  afterAll(async () => {
    await channel.close();
    await admin.close();
    await mongo.stop();
    if (rabbit.url) await rabbit.stop();
  }, 60_000);

  async function start(env: Record<string, string> = {}) {
    smtp ??= await startTestSmtp();
    setup ??= await setUpMailer(mongo);
    const service = await setup.start({ AMQP_URL, SMTP_URL: smtp.url, ...env });
    await until(async () => (await channel.checkQueue(setup.queue)).consumerCount > 0);
    return service;
  }

  function put(e: EventEnvelope | string): void {
    const body = typeof e === 'string' ? e : JSON.stringify(e);
    channel.sendToQueue(setup.queue, Buffer.from(body), {
      persistent: true,
      contentType: 'application/json',
      messageId: typeof e === 'string' ? undefined : e.id,
    });
  }

  async function deadLetters(): Promise<number> {
    return (await channel.checkQueue(`${setup.queue}.dead`)).messageCount;
  }

  afterEach(async () => {
    await setup?.stop();
    for (const proxy of proxies.splice(0)) await proxy.close();
    await smtp?.close();
    if (setup) {
      for (const queue of setup.queues()) await channel.deleteQueue(queue);
      await channel.deleteExchange(setup.exchange);
    }
    setup = undefined as unknown as MailerSetup;
    smtp = undefined as unknown as TestSmtp;
  }, 60_000);

  it('sends each e-mail event to the right recipient with its subject and content', async () => {
    await start();
    put(
      event('user.registered', { userId: 'u-1', username: 'new.founder@example.test', organizationId: null }),
    );
    put(
      event('password.reset_requested', {
        userId: 'u-2',
        username: 'forgetful@example.test',
        resetUrl: 'https://app.example.test/reset-password?token=abc123',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    put(taskUpdated('owner@example.test'));
    put(
      event('contact.received', {
        messageId: 'm-1',
        name: 'Ada <script>',
        email: 'ada@example.test',
        subject: 'Question about pricing',
        message: 'How much does the enterprise plan cost?',
        kind: 'contact',
      }),
    );
    const mails = await smtp.waitFor(5);
    await sleep(200);
    expect(smtp.received).toHaveLength(5);
    const byRecipient = (to: string) => mails.filter((m) => m.to.includes(to));

    const [welcome] = byRecipient('new.founder@example.test');
    expect(welcome!.subject).toBe('Welcome to Venture Roadmap');
    expect(welcome!.source).toContain('https://app.example.test/');

    const [reset] = byRecipient('forgetful@example.test');
    expect(reset!.subject).toBe('Reset your Venture Roadmap password');
    expect(reset!.source).toContain('https://app.example.test/reset-password?token=abc123');

    const [task] = byRecipient('owner@example.test');
    expect(task!.subject).toBe('Task updated to Done: Interview 10 customers (Solar Kiosk)');
    expect(task!.source).toContain('https://app.example.test/ventures/v-123');
    expect(task!.source).toContain('Task updated to Done');

    const [notice] = byRecipient(CONTACT_INBOX);
    expect(notice!.subject).toBe('[Contact] Question about pricing');
    expect(notice!.source).toMatch(/^Reply-To: .*ada@example\.test/m);
    const noticeHtml = notice!.source.slice(notice!.source.indexOf('Content-Type: text/html'));
    expect(noticeHtml).toContain('Ada &lt;script&gt;');
    expect(noticeHtml).not.toContain('<script>');

    const [ack] = byRecipient('ada@example.test');
    expect(ack!.subject).toBe('We received your message');
  }, 30_000);

  it('when the same event is delivered twice, then one e-mail is sent', async () => {
    const service = await start();
    const e = taskUpdated();
    put(e);
    put(e);
    await smtp.waitFor(1);
    await until(() => service.stats().duplicate === 1);
    put(e);
    await until(() => service.stats().duplicate === 2);
    expect(smtp.received).toHaveLength(1);
    expect(await setup.sentLog()).toEqual([
      expect.objectContaining({ _id: `${e.id}/task-status`, state: 'sent' }),
    ]);
  }, 30_000);

  async function depth(queue: string): Promise<number> {
    return (await channel.checkQueue(queue)).messageCount;
  }

  it('when SMTP answers 451 three times, then the e-mail waits in the growing delay queues and is sent exactly once', async () => {
    const service = await start({ MAIL_RETRY_BASE_MS: '200', MAIL_RETRY_MAX_MS: '800' });
    const delayQueues = [200, 400, 800].map((ms) => `${setup.queue}.retry.${ms}`);
    expect(service.queues.retry).toEqual(delayQueues);
    smtp.refuseNext(451, 3);
    put(taskUpdated());
    // Each wait happens in the broker: the message shows up in the 200, 400 and 800 ms delay queues in turn.
    const visited = new Set<string>();
    await until(async () => {
      for (const queue of delayQueues) if ((await depth(queue)) > 0) visited.add(queue);
      return smtp.received.length === 1;
    });
    expect([...visited].sort()).toEqual([...delayQueues].sort());
    await until(() => service.stats().sent === 1);
    expect(smtp.attempts).toBe(4);
    const gaps = smtp.attemptTimes.slice(1).map((at, i) => at - smtp.attemptTimes[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(190);
    expect(gaps[1]).toBeGreaterThanOrEqual(390);
    expect(gaps[2]).toBeGreaterThanOrEqual(790);
    expect(smtp.received).toHaveLength(1);
    expect(service.stats()).toMatchObject({ sent: 1, retried: 3, dead_lettered: 0 });
    expect(await deadLetters()).toBe(0);
    for (const queue of [setup.queue, ...delayQueues]) expect(await depth(queue)).toBe(0);
  }, 30_000);

  it('when SMTP keeps answering 451, then after the last try the event is parked with the reason and the next one is sent', async () => {
    const service = await start({ MAIL_MAX_ATTEMPTS: '3' });
    smtp.refuseNext(451, 3);
    const e = taskUpdated('busy.mailbox@example.test');
    put(e);
    await until(async () => (await deadLetters()) === 1);
    expect(smtp.attempts).toBe(3);
    expect(service.stats()).toMatchObject({ sent: 0, retried: 2, dead_lettered: 1 });
    expect((await setup.metric(service, 'mailer_dead_letter_queue_messages')).get(setup.queue)).toBe(1);

    const parked = (await channel.get(`${setup.queue}.dead`, { noAck: true })) as amqp.GetMessage;
    expect(JSON.parse(parked.content.toString())).toEqual(e);
    expect(parked.properties).toMatchObject({ messageId: e.id, deliveryMode: 2 });
    expect(parked.properties.headers).toMatchObject({
      'x-attempts-made': 3,
      'x-error': expect.stringContaining('451'),
      'x-failed-queue': setup.queue,
    });
    put(taskUpdated('next@example.test'));
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['next@example.test']);
    expect(await setup.sentLog()).toEqual([expect.objectContaining({ state: 'sent' })]);
  }, 30_000);

  it('when the mailer is killed while an event waits in a delay queue, then its replacement sends it exactly once', async () => {
    const proxy = await startFaultProxy(AMQP_URL, 5672);
    proxies.push(proxy);
    const slowRetry = { MAIL_RETRY_BASE_MS: '3000', MAIL_RETRY_MAX_MS: '3000' };
    const first = await start({ AMQP_URL: proxy.url, ...slowRetry });
    const delayQueue = `${setup.queue}.retry.3000`;
    smtp.refuseNext(451, 1);
    const e = taskUpdated();
    put(e);
    await until(async () => (await depth(delayQueue)) === 1);
    // The copy is counted before the broker has written it to disk and confirmed it; the original is acked
    // only after that confirm. A crash inside that window would redeliver it as well (harmless, see README).
    await sleep(500);
    expect((await setup.metric(first, 'mailer_retry_queue_messages')).get(setup.queue)).toBe(1);
    expect((await setup.metric(first, 'mailer_queue_messages')).get(setup.queue)).toBe(0);
    const killedAt = Date.now();
    proxy.kill();
    // The broker requeues whatever the dead consumer still held unacked: nothing, the copy waits alone.
    await until(async () => (await channel.checkQueue(setup.queue)).consumerCount === 0);
    expect({ ready: await depth(setup.queue), delayed: await depth(delayQueue) }).toEqual({
      ready: 0,
      delayed: 1,
    });
    expect(Date.now() - killedAt).toBeLessThan(1000);
    await first.close();
    expect(smtp.received).toHaveLength(0);

    const second = await setup.start({ AMQP_URL, SMTP_URL: smtp.url, ...slowRetry });
    await smtp.waitFor(1);
    await until(() => second.stats().sent === 1);
    await sleep(300);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.attempts).toBe(2);
    expect(second.stats()).toMatchObject({ sent: 1, retried: 0, dead_lettered: 0, duplicate: 0 });
    expect(await setup.sentLog()).toEqual([
      expect.objectContaining({ _id: `${e.id}/task-status`, state: 'sent' }),
    ]);
    for (const queue of [setup.queue, delayQueue, `${setup.queue}.dead`]) expect(await depth(queue)).toBe(0);
  }, 30_000);

  it('when SMTP answers 550, then the event is dead-lettered without a retry and the next one is sent', async () => {
    const service = await start();
    smtp.refuseNext(550, 1);
    put(taskUpdated('unknown.mailbox@example.test'));
    await until(async () => (await deadLetters()) === 1);
    put(taskUpdated('next@example.test'));
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['next@example.test']);
    await until(() => service.stats().sent === 1);
    expect(smtp.attempts).toBe(2);
    expect(service.stats()).toMatchObject({ sent: 1, retried: 0, dead_lettered: 1 });
  }, 30_000);

  it('when a message is not a valid event, then it is dead-lettered and the following ones are sent', async () => {
    await start();
    put('{"not":"an event"');
    put(JSON.stringify({ ...taskUpdated(), type: 'task.exploded' }));
    put(taskUpdated('first@example.test'));
    put(taskUpdated('second@example.test'));
    const mails = await smtp.waitFor(2);
    expect(mails.flatMap((m) => m.to).sort()).toEqual(['first@example.test', 'second@example.test']);
    await until(async () => (await deadLetters()) === 2);
    const parked = await channel.get(`${setup.queue}.dead`, { noAck: true });
    expect(parked && parked.properties.headers?.['x-error']).toMatch(/^invalid event: /);
  }, 30_000);

  it('when the SMTP server is down for a while, then the e-mail goes out once it is back', async () => {
    smtp = await startTestSmtp();
    const proxy = await startFaultProxy(smtp.url, 25);
    proxies.push(proxy);
    proxy.kill();
    const service = await start({ SMTP_URL: proxy.url });
    put(taskUpdated());
    await until(() => service.stats().retried >= 2);
    expect(smtp.received).toHaveLength(0);
    proxy.restore();
    await smtp.waitFor(1);
    await until(() => service.stats().sent === 1);
    expect(smtp.received).toHaveLength(1);
    expect(service.stats()).toMatchObject({ sent: 1, dead_lettered: 0 });
  }, 30_000);

  it('when the mailer dies after SMTP accepted but before the ack, then its replacement sends nothing twice', async () => {
    // The first mailer reaches the broker through a proxy that the test freezes the moment SMTP has the
    // message (so its ack never arrives) and then cuts, as a crash would.
    const proxy = await startFaultProxy(AMQP_URL, 5672);
    proxies.push(proxy);
    const first = await start({ AMQP_URL: proxy.url });
    const e = taskUpdated();
    smtp.beforeAnswer(() => proxy.hang());
    put(e);
    await smtp.waitFor(1);
    await until(async () => (await setup.sentLog()).some((doc) => doc.state === 'sent'));
    proxy.kill();
    await first.close();

    const second = await setup.start({ AMQP_URL, SMTP_URL: smtp.url });
    await until(() => second.stats().duplicate === 1);
    put(taskUpdated('after.restart@example.test'));
    await smtp.waitFor(2);
    await sleep(200);
    expect(smtp.received.map((m) => m.to[0])).toEqual(['founder@example.test', 'after.restart@example.test']);
  }, 30_000);

  it('when the mailer restarts mid-stream, then every event is sent exactly once', async () => {
    const first = await start({ MAILER_PREFETCH: '5' });
    const events = Array.from({ length: 30 }, (_, i) => taskUpdated(`founder${i}@example.test`));
    for (const e of events) put(e);
    await until(() => smtp.received.length >= 5);
    await first.close();
    await setup.start({ AMQP_URL, SMTP_URL: smtp.url });
    await smtp.waitFor(30);
    await sleep(300);
    const recipients = smtp.received.map((m) => m.to[0]);
    expect(new Set(recipients).size).toBe(30);
    expect(recipients).toHaveLength(30);
  }, 30_000);
});
