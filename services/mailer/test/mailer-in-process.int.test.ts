import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createInProcessBus, createLogger, type InProcessEventBus } from '@app/common';
import { startTestMongo, type TestMongo } from '@app/testing';
import { event, setUpMailer, taskUpdated, until, type MailerSetup } from './support/mailer-harness.ts';
import { startTestSmtp, type TestSmtp } from './support/test-smtp.ts';

/* The mailer on the in-process bus of the all-in-one runner (no AMQP_URL). */
describe('mailer on the in-process bus', () => {
  let mongo: TestMongo;
  let setup: MailerSetup;
  let bus: InProcessEventBus;
  let smtp: TestSmtp | undefined;

  beforeAll(async () => {
    mongo = await startTestMongo();
  }, 60_000);
  afterAll(async () => {
    await mongo.stop();
  }, 60_000);

  async function start(env: Record<string, string> = {}) {
    bus = createInProcessBus({ logger: createLogger({ name: 'bus-test', level: 'silent' }) });
    setup = await setUpMailer(mongo);
    return setup.start(env, bus);
  }

  afterEach(async () => {
    await bus.close();
    await setup.stop();
    await smtp?.close();
    smtp = undefined;
  }, 60_000);

  it('with no SMTP_URL, writes one .eml file per e-mail under DATA_DIR/mail, once per event', async () => {
    const service = await start();
    const reset = event('password.reset_requested', {
      userId: 'u-9',
      username: 'forgetful@example.test',
      resetUrl: 'https://app.example.test/reset-password?token=tok_42',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await bus.publish([reset, reset]);
    await bus.idle();
    await until(() => service.stats().sent + service.stats().duplicate === 2);
    expect(service.mailDir).toBe(path.join(setup.dataDir, 'mail'));
    const files = (await readdir(service.mailDir!)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(service.mailDir!, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: forgetful@example\.test$/m);
    expect(eml).toMatch(/^Subject: Reset your Venture Roadmap password$/m);
    expect(eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
      'https://app.example.test/reset-password?token=tok_42',
    );
    expect(service.stats()).toMatchObject({ sent: 1, duplicate: 1 });
  }, 20_000);

  it('retries SMTP 4xx with growing delays, then sends once; 5xx lands in the dead list at once', async () => {
    smtp = await startTestSmtp();
    const service = await start({ SMTP_URL: smtp.url });
    smtp.refuseNext(421, 2);
    await bus.publish([taskUpdated('retry@example.test')]);
    await bus.idle();
    expect(smtp.received.map((m) => m.to)).toEqual([['retry@example.test']]);
    expect(service.stats()).toMatchObject({ sent: 1, retried: 2, dead_lettered: 0 });

    smtp.refuseNext(554, 1);
    const refused = taskUpdated('refused@example.test');
    await bus.publish([refused]);
    await bus.idle();
    expect(bus.deadLetters().map((d) => d.event.id)).toEqual([refused.id]);
    expect(smtp.attempts).toBe(4);
    expect(service.stats()).toMatchObject({ sent: 1, retried: 2, dead_lettered: 1 });
    expect((await setup.metric(service, 'mailer_dead_letter_queue_messages')).get(setup.queue)).toBe(1);
    expect((await setup.metric(service, 'mailer_retry_queue_messages')).get(setup.queue)).toBe(0);
  }, 20_000);
});
