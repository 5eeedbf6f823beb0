import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { type SmtpSink, startSmtpSink, startTestMongo, type TestMongo } from '@app/testing';
import { amqpUrl, announceSkip, eventually, sleep } from './support/infra.ts';
import { changeTasks, startPlatform, type Browser, type Platform } from './support/platform.ts';

/*
 * RELIABILITY.md "Faults", through the platform path (gateway → venture outbox → RabbitMQ → mailer →
 * SMTP): a poison message goes to the dead-letter queue at once while the others keep flowing; SMTP 4xx
 * is retried with growing delays and delivered once; SMTP 5xx is dead-lettered without a retry.
 */
const broker = amqpUrl();
if (!broker.url) announceSkip('poison-smtp.fault.test.ts', broker.reason);
const describeAmqp = broker.url ? describe : describe.skip;
const RETRY_BASE_MS = 400;

describeAmqp('poison messages and SMTP refusals', () => {
  let mongo: TestMongo;
  let smtp: SmtpSink;
  let platform: Platform;
  let admin: ChannelModel;
  let channel: Channel;
  let founder: { browser: Browser; id: string; username: string };
  let taskIds: string[];

  beforeAll(async () => {
    mongo = await startTestMongo();
    smtp = await startSmtpSink();
    platform = await startPlatform({ mongo, amqpUrl: broker.url! });
    await platform.startMailer(smtp.url, {
      MAIL_RETRY_BASE_MS: String(RETRY_BASE_MS),
      MAIL_RETRY_MAX_MS: '5000',
      MAIL_MAX_ATTEMPTS: '8',
    });
    admin = await amqp.connect(broker.url!);
    channel = await admin.createChannel();
    founder = await platform.newUser();
    taskIds = (await platform.newVenture(founder.browser, 'Poison Co')).taskIds;
    // The welcome e-mail first, so refusals below meet only task e-mails.
    await eventually('the welcome e-mail', () => smtp.accepted.some((m) => m.to.includes(founder.username)));
  }, 60_000);

  afterAll(async () => {
    await admin?.close();
    await platform?.close();
    await smtp?.close();
    await mongo?.stop();
  }, 60_000);

  const taskMails = () =>
    smtp.accepted.filter((m) => m.to.includes(founder.username) && m.subject.startsWith('Task updated'));
  const deadLetters = async () => (await channel.checkQueue(`${platform.mailerQueue}.dead`)).messageCount;
  const attemptsFor = (eventId: string) =>
    smtp.attempts.filter((a) => a.messageId.startsWith(`<${eventId}.`));

  it('poison messages are dead-lettered at once while task e-mails keep flowing', async () => {
    const deadBefore = await deadLetters();
    const before = taskMails().length;
    for (const body of [
      '{ not json',
      JSON.stringify({ type: 'task.updated', data: {} }),
      JSON.stringify({ id: 1 }),
    ]) {
      channel.sendToQueue(platform.mailerQueue, Buffer.from(body), {
        persistent: true,
        contentType: 'application/json',
      });
    }
    const poisonedAt = Date.now();
    expect(await changeTasks(founder.browser, taskIds.slice(0, 5), 'in_progress')).toEqual(
      Array(5).fill(200),
    );
    await eventually('three dead letters', async () => (await deadLetters()) === deadBefore + 3, 5000);
    console.log(`poison-smtp.fault: 3 poison messages dead-lettered within ${Date.now() - poisonedAt} ms`);
    await eventually('five task e-mails', () => taskMails().length === before + 5, 10_000);
    await sleep(300);
    expect(taskMails()).toHaveLength(before + 5);
    expect(await deadLetters()).toBe(deadBefore + 3);
  }, 30_000);

  it('SMTP 451 three times: retried with growing delays, then delivered exactly once', async () => {
    const before = taskMails().length;
    smtp.refuseNext(451, 3, founder.username);
    expect((await changeTasks(founder.browser, [taskIds[5]!], 'in_progress'))[0]).toBe(200);
    await eventually(
      'the e-mail arrives after the refusals',
      () => taskMails().length === before + 1,
      20_000,
    );
    await sleep(1000);
    const mail = taskMails().at(-1)!;
    expect(taskMails()).toHaveLength(before + 1);
    const attempts = attemptsFor(mail.eventId);
    expect(attempts.map((a) => a.code)).toEqual([451, 451, 451, 250]);
    const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i]!.at);
    console.log(`poison-smtp.fault: gaps between SMTP attempts after 451: ${gaps.join(', ')} ms`);
    expect(gaps[0]!).toBeGreaterThanOrEqual(RETRY_BASE_MS * 0.8);
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]!).toBeGreaterThan(gaps[1]!);
  }, 40_000);

  it('SMTP 550: dead-lettered after one attempt, and the next e-mail still goes out', async () => {
    const deadBefore = await deadLetters();
    const before = taskMails().length;
    const attemptsBefore = smtp.attempts.length;
    smtp.refuseNext(550, 1, founder.username);
    expect((await changeTasks(founder.browser, [taskIds[6]!], 'in_progress'))[0]).toBe(200);
    await eventually(
      'the refused e-mail is dead-lettered',
      async () => (await deadLetters()) === deadBefore + 1,
      10_000,
    );
    const refused = smtp.attempts.slice(attemptsBefore).filter((a) => a.to.includes(founder.username));
    expect(refused.map((a) => a.code)).toEqual([550]);
    // Time in which a (wrong) retry would show up.
    await sleep(RETRY_BASE_MS * 4);
    expect(attemptsFor(/^<([^.>]+)\./.exec(refused[0]!.messageId)![1]!)).toHaveLength(1);
    expect(taskMails()).toHaveLength(before);

    expect((await changeTasks(founder.browser, [taskIds[7]!], 'in_progress'))[0]).toBe(200);
    await eventually('the next e-mail arrives', () => taskMails().length === before + 1, 10_000);
  }, 40_000);
});
