import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningMailerService } from '@app/mailer';
import { startSmtpSink, startTestMongo, type SmtpSink, type SunkMail, type TestMongo } from '@app/testing';
import { amqpUrl, announceSkip, eventually } from './support/infra.ts';
import { startPlatform, type Platform } from './support/platform.ts';

/*
 * Issue 17, "exactly one 'Due tomorrow' e-mail, and it stays one after the venture service restarts": the
 * venture service (its scheduler ticking every second) is stopped and started again on its port while the
 * mailer sends to a real SMTP sink. A task due tomorrow is reminded once before the restart and never again
 * after it; a second task set due tomorrow after the restart proves the restarted scheduler ticked. Needs
 * RabbitMQ (each service on its own connection, as separate processes have).
 */
const broker = amqpUrl();
if (!broker.url) announceSkip('reminders.fault.test.ts', broker.reason);
const describeAmqp = broker.url ? describe : describe.skip;

function utcDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describeAmqp('due-date reminders across a venture service restart', () => {
  let mongo: TestMongo;
  let platform: Platform;
  let smtp: SmtpSink;
  let mailer: RunningMailerService;

  beforeAll(async () => {
    mongo = await startTestMongo();
    platform = await startPlatform({
      mongo,
      amqpUrl: broker.url!,
      serviceEnv: { REMINDER_TICK_SECONDS: '1' },
    });
    smtp = await startSmtpSink();
    mailer = await platform.startMailer(smtp.url);
  }, 60_000);

  afterAll(async () => {
    await mailer?.close();
    await smtp?.close();
    await platform?.close();
    await mongo?.stop();
  }, 60_000);

  it('sends one "Due tomorrow" per task and due date, and none again after the service restarts', async () => {
    const owner = await platform.newUser();
    const venture = await platform.newVenture(owner.browser, 'Restart Ventures');
    const [first, marker] = [venture.taskIds[0]!, venture.taskIds[5]!];
    const tasks = (await owner.browser.call('GET', `/api/ventures/${venture.id}`)).body.tasks as Array<{
      id: string;
      title: string;
    }>;
    const titleOf = (id: string) => tasks.find((task) => task.id === id)!.title;
    const dueTomorrow = (id: string): SunkMail[] =>
      smtp.accepted.filter(
        (mail) =>
          mail.to.includes(owner.username) && mail.subject.startsWith(`Due tomorrow: ${titleOf(id)} (`),
      );
    const setDue = async (id: string, dueDate: string) => {
      const res = await owner.browser.call('PUT', `/api/venture-tasks/${id}/dates`, {
        startDate: null,
        dueDate,
      });
      expect(res.status).toBe(200);
    };

    await setDue(first, utcDate(1));
    await eventually('the first reminder is sent', async () => dueTomorrow(first).length === 1, 20_000);

    await platform.stopVenture();
    await platform.startVenture();
    // A task set due tomorrow after the restart: once its reminder is out, the restarted scheduler has ticked.
    await setDue(marker, utcDate(1));
    await eventually('the restarted scheduler reminds', async () => dueTomorrow(marker).length === 1, 20_000);

    expect(dueTomorrow(first)).toHaveLength(1);
    expect(dueTomorrow(marker)).toHaveLength(1);
  });
});
