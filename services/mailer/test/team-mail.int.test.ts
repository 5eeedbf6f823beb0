import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createInProcessBus,
  createLogger,
  sealText,
  unsubscribeKey,
  verifyUnsubscribeToken,
  type EventData,
  type InProcessEventBus,
} from '@app/common';
import { startTestMongo, type TestMongo } from '@app/testing';
import { event, setUpMailer, until, type MailerSetup } from './support/mailer-harness.ts';
import { startTestSmtp, type TestSmtp } from './support/test-smtp.ts';

/*
 * The e-mails of shared ventures on a running mailer: preferences kept from auth's events decide who gets
 * what; daily task changes wait for the digest, which a moved clock sends once; the demo account's e-mails
 * never leave; non-essential e-mails carry the RFC 8058 headers.
 */
const INTERNAL_SECRET = 'mailer-team-tests-internal-secret-0123456789';
const KEY = unsubscribeKey({ INTERNAL_SECRET });

const ada = { userId: 'aaaaaaaaaaaaaaaaaaaaaaaa', email: 'ada@example.test', displayName: 'Ada Lovelace' };
const bob = { userId: 'bbbbbbbbbbbbbbbbbbbbbbbb', email: 'bob@example.test', displayName: 'Bob' };
const cy = { userId: 'cccccccccccccccccccccccc', email: 'cy@example.test', displayName: 'Cy' };
const editor = (p: typeof ada) => ({ ...p, role: 'editor' as const });

function statusChange(data: Partial<EventData<'task.updated.v2'>> = {}) {
  return event('task.updated.v2', {
    ventureId: 'v1',
    ventureName: 'Solar Kiosk',
    taskId: 't1',
    taskTitle: 'Interview 10 customers',
    fromStatus: 'todo',
    toStatus: 'in_progress',
    actor: ada,
    notify: [editor(bob), editor(cy)],
    ...data,
  });
}

const preferences = (
  userId: string,
  prefs: Omit<EventData<'user.notification_preferences_changed'>, 'userId'>,
  occurredAt = new Date(),
) => ({
  ...event('user.notification_preferences_changed', { userId, ...prefs }),
  occurredAt: occurredAt.toISOString(),
});

describe('mailer: shared ventures, preferences, digest, demo', () => {
  let mongo: TestMongo;
  let setup: MailerSetup;
  let bus: InProcessEventBus;
  let smtp: TestSmtp;

  beforeAll(async () => {
    mongo = await startTestMongo();
  }, 60_000);
  afterAll(async () => {
    await mongo.stop();
  }, 60_000);

  async function start() {
    smtp = await startTestSmtp();
    bus = createInProcessBus({ logger: createLogger({ name: 'bus-test', level: 'silent' }) });
    setup = await setUpMailer(mongo);
    return setup.start({ SMTP_URL: smtp.url, INTERNAL_SECRET, DIGEST_CRON: '0 0 1 1 *' }, bus);
  }

  afterEach(async () => {
    await bus.close();
    await setup.stop();
    await smtp.close();
  }, 60_000);

  it('a status change reaches every other member once, by their kept preferences; a redelivery sends nothing more', async () => {
    const service = await start();
    await bus.publish([preferences(cy.userId, { taskChanges: 'off', mentions: true, assignments: true })]);
    await bus.idle();
    const change = statusChange();
    await bus.publish([change, change]);
    await bus.idle();
    expect(smtp.received.map((m) => m.to)).toEqual([['bob@example.test']]);
    expect(service.stats()).toMatchObject({ sent: 1, duplicate: 1 });

    const mail = smtp.received[0]!;
    expect(mail.subject).toBe('Ada Lovelace moved "Interview 10 customers" to In Progress (Solar Kiosk)');
    const header =
      /^List-Unsubscribe: <(https:\/\/app\.example\.test\/api\/unsubscribe\?token=[^>]+)>$/m.exec(
        mail.source.replace(/\r?\n[ \t]+/g, ' '),
      );
    expect(header).not.toBeNull();
    expect(mail.source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const token = decodeURIComponent(new URL(header![1]!).searchParams.get('token')!);
    expect(verifyUnsubscribeToken(KEY, token)).toEqual({ userId: bob.userId, kind: 'taskChanges' });
  });

  it('an older preference event arriving after a newer one changes nothing', async () => {
    await start();
    const later = new Date();
    const earlier = new Date(later.getTime() - 60_000);
    await bus.publish([
      preferences(bob.userId, { taskChanges: 'off', mentions: true, assignments: true }, later),
    ]);
    await bus.publish([
      preferences(bob.userId, { taskChanges: 'instant', mentions: true, assignments: true }, earlier),
    ]);
    await bus.idle();
    await bus.publish([statusChange({ notify: [editor(bob)] })]);
    await bus.idle();
    expect(smtp.received).toEqual([]);
  });

  it('due-date reminders: once per event to a recipient who keeps them on; none to one who turned them off; old preference events keep them on', async () => {
    const service = await start();
    await bus.publish([
      preferences(bob.userId, {
        taskChanges: 'instant',
        mentions: true,
        assignments: true,
        reminders: false,
      }),
      // From before issue 17: no `reminders` field, so Cy's stay on.
      preferences(cy.userId, { taskChanges: 'off', mentions: false, assignments: false }),
    ]);
    await bus.idle();
    const remind = (recipient: typeof ada) =>
      event('task.reminder_due', {
        ventureId: '0123456789abcdef01234567',
        ventureName: 'Solar Kiosk',
        taskId: '76543210fedcba9876543210',
        taskTitle: 'Incorporate the company',
        kind: 'due_tomorrow',
        dueDate: '2027-03-11',
        timeZone: 'UTC',
        recipient,
      });
    const toAda = remind(ada);
    await bus.publish([toAda, remind(bob), remind(cy), toAda]);
    await bus.idle();
    expect(smtp.received.map((m) => m.to).sort()).toEqual([['ada@example.test'], ['cy@example.test']]);
    expect(service.stats()).toMatchObject({ sent: 2, duplicate: 1 });
    expect(smtp.received.map((m) => m.subject)).toContain(
      'Due tomorrow: Incorporate the company (Solar Kiosk)',
    );
  });

  it('daily task changes wait for the digest: nothing before the day is over, then one e-mail per recipient, once, grouped by venture', async () => {
    const service = await start();
    await bus.publish([preferences(bob.userId, { taskChanges: 'daily', mentions: true, assignments: true })]);
    await bus.idle();
    const first = statusChange({ notify: [editor(bob)] });
    const second = statusChange({
      notify: [editor(bob)],
      ventureId: 'v2',
      ventureName: 'Zebra Bikes',
      taskTitle: 'Pitch deck',
      fromStatus: 'in_progress',
      toStatus: 'done',
    });
    await bus.publish([first, second, first]);
    await bus.idle();
    expect(smtp.received).toEqual([]);

    // The same day: not yet.
    expect(await service.runDigests(new Date())).toMatchObject({ sent: 0 });
    expect(smtp.received).toEqual([]);

    // The clock moved to the next day: the digest goes out.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    expect(await service.runDigests(tomorrow)).toMatchObject({ sent: 1, failed: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([['bob@example.test']]);
    const digest = smtp.received[0]!;
    const today = new Date().toISOString().slice(0, 10);
    expect(digest.subject).toBe(`Your daily digest for ${today}: 2 task changes in 2 ventures`);
    expect(digest.source).toMatch(/Solar Kiosk \S+ 1 change/);
    expect(digest.source).toMatch(/Zebra Bikes \S+ 1 change/);
    expect(digest.source).toContain('Ada Lovelace moved "Pitch deck" from In Progress to Done');
    expect(digest.source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // Another run (a second replica, a restart) sends nothing more.
    expect(await service.runDigests(tomorrow)).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('two mailers running the digest at the same moment send it once', async () => {
    const one = await start();
    const two = await setup.start({ SMTP_URL: smtp.url, INTERNAL_SECRET, DIGEST_CRON: '0 0 1 1 *' }, bus);
    await bus.publish([preferences(cy.userId, { taskChanges: 'daily', mentions: true, assignments: true })]);
    await bus.idle();
    await bus.publish([statusChange({ notify: [editor(cy)] })]);
    await bus.idle();
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const [a, b] = await Promise.all([one.runDigests(tomorrow), two.runDigests(tomorrow)]);
    await Promise.all([one.runDigests(tomorrow), two.runDigests(tomorrow)]);
    expect(a.sent + b.sent).toBe(1);
    expect(smtp.received.map((m) => m.to)).toEqual([['cy@example.test']]);
  });

  it('invitations and comments: the invitee always, the mentioned member and the assignee, never the author', async () => {
    const service = await start();
    // Even a member who turned everything off gets an invitation.
    await bus.publish([preferences(bob.userId, { taskChanges: 'off', mentions: false, assignments: false })]);
    const invitation = event('venture.member_invited', {
      invitationId: 'i1',
      ventureId: 'v1',
      ventureName: 'Solar Kiosk',
      inviter: ada,
      inviteeEmail: 'bob@example.test',
      role: 'editor',
      sealedAcceptUrl: sealText('https://app.example.test/invitations/tok_1', INTERNAL_SECRET),
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      resend: false,
    });
    const comment = event('task.commented', {
      ventureId: 'v1',
      ventureName: 'Solar Kiosk',
      taskId: 't1',
      taskTitle: 'Interview 10 customers',
      commentId: 'c1',
      author: bob,
      body: '@Ada can you review?',
      mentioned: [{ ...ada, role: 'owner' }],
      assignee: editor(cy),
    });
    await bus.publish([invitation, comment, comment, invitation]);
    await bus.idle();
    await until(() => service.stats().sent === 3);
    const byRecipient = smtp.received.map((m) => [m.to[0], m.subject]).sort();
    expect(byRecipient).toEqual([
      ['ada@example.test', 'Bob mentioned you on "Interview 10 customers" (Solar Kiosk)'],
      ['bob@example.test', 'Ada Lovelace invited you to Solar Kiosk on Venture Roadmap'],
      ['cy@example.test', 'New comment on "Interview 10 customers" (Solar Kiosk)'],
    ]);
    const invite = smtp.received.find((m) => m.to[0] === 'bob@example.test')!;
    expect(invite.source).toContain('https://app.example.test/invitations/tok_1');
    expect(invite.source).not.toMatch(/^List-Unsubscribe/m);
    expect(service.stats()).toMatchObject({ sent: 3, duplicate: 3 });
  });

  it('e-mails to the demo account never leave the platform: logged and counted as kept, not sent', async () => {
    const service = await start();
    await bus.publish([
      statusChange({
        notify: [
          editor({
            userId: 'dddddddddddddddddddddddd',
            email: 'demo@ventureroadmap.app',
            displayName: 'Demo',
          }),
        ],
      }),
      event('password.reset_requested', {
        userId: 'dddddddddddddddddddddddd',
        username: 'Demo@VentureRoadmap.app',
        resetUrl: 'https://app.example.test/reset-password?token=x',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    ]);
    await bus.idle();
    expect(smtp.attempts).toBe(0);
    expect(service.stats()).toMatchObject({ sent: 0, kept: 2 });
  });
});
