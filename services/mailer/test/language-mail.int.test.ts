import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createInProcessBus,
  createLogger,
  sealText,
  type EventData,
  type InProcessEventBus,
} from '@app/common';
import { startTestMongo, type TestMongo } from '@app/testing';
import { event, setUpMailer, until, type MailerSetup } from './support/mailer-harness.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from './support/test-smtp.ts';

/*
 * Issue 21 on a running mailer (real database, real SMTP): the language kept from auth's events (the
 * preferences event, a registration) decides the language of each recipient's next e-mail, per recipient,
 * and the once-per-event guarantee holds whatever the languages.
 */
const INTERNAL_SECRET = 'mailer-language-tests-internal-secret-0123456789';

const ada = { userId: 'aaaaaaaaaaaaaaaaaaaaaaaa', email: 'ada@example.test', displayName: 'Ada Lovelace' };
const bob = { userId: 'bbbbbbbbbbbbbbbbbbbbbbbb', email: 'bob@example.test', displayName: 'Bob' };
const cy = { userId: 'cccccccccccccccccccccccc', email: 'cy@example.test', displayName: 'Cy' };
const dan = { userId: 'dddddddddddddddddddddddd', email: 'dan@example.test', displayName: 'Dan' };
const editor = (p: typeof ada) => ({ ...p, role: 'editor' as const });

const statusChange = (notify = [editor(bob), editor(cy)], taskTitleEs?: string) =>
  event('task.updated.v2', {
    ventureId: 'v1',
    ventureName: 'Solar Kiosk',
    taskId: 't1',
    taskTitle: 'Interview 10 customers',
    ...(taskTitleEs ? { taskTitleEs } : {}),
    fromStatus: 'todo',
    toStatus: 'in_progress',
    actor: ada,
    notify,
  });

const preferences = (
  userId: string,
  language: 'en' | 'es' | undefined,
  occurredAt = new Date(),
  taskChanges: 'instant' | 'daily' = 'instant',
) => {
  const data: EventData<'user.notification_preferences_changed'> = {
    userId,
    taskChanges,
    mentions: true,
    assignments: true,
    reminders: true,
    programUpdates: true,
    ...(language ? { language } : {}),
  };
  return { ...event('user.notification_preferences_changed', data), occurredAt: occurredAt.toISOString() };
};

const invitation = (inviter: typeof ada, inviteeEmail: string) =>
  event('venture.member_invited', {
    invitationId: `i-${inviteeEmail}`,
    ventureId: 'v1',
    ventureName: 'Solar Kiosk',
    inviter,
    inviteeEmail,
    role: 'editor',
    sealedAcceptUrl: sealText('https://app.example.test/invitations/tok_1', INTERNAL_SECRET),
    expiresAt: '2026-12-01T10:00:00.000Z',
    resend: false,
  });

/** The message body as text (the test server decodes quoted-printable byte by byte). */
const body = (mail: ReceivedMail) => Buffer.from(mail.source, 'latin1').toString('utf8');
const subjectTo = (smtp: TestSmtp, address: string) =>
  smtp.received.filter((m) => m.to[0]?.toLowerCase() === address).map((m) => m.subject);

describe('mailer: e-mails in the recipient language', () => {
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

  it("a preferences event with language 'es' makes that member's next status-change e-mail Spanish while another stays English, once per event", async () => {
    const service = await start();
    await bus.publish([preferences(bob.userId, 'es')]);
    await bus.idle();
    const change = statusChange();
    await bus.publish([change, change]);
    await bus.idle();
    await until(() => service.stats().sent === 2);
    expect(service.stats()).toMatchObject({ sent: 2, duplicate: 2 });
    expect(subjectTo(smtp, bob.email)).toEqual([
      'Ada Lovelace movió "Interview 10 customers" a En curso (Solar Kiosk)',
    ]);
    expect(subjectTo(smtp, cy.email)).toEqual([
      'Ada Lovelace moved "Interview 10 customers" to In Progress (Solar Kiosk)',
    ]);
    const spanish = body(smtp.received.find((m) => m.to[0] === bob.email)!);
    expect(spanish).toContain('Ada Lovelace movió la tarea "Interview 10 customers" de Solar Kiosk de Sin');
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('— El equipo de Venture Roadmap');
    const english = body(smtp.received.find((m) => m.to[0] === cy.email)!);
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('— The Venture Roadmap team');

    // A standard task's Spanish title (taskTitleEs) for the Spanish reader only, through the bus's validation.
    await bus.publish([statusChange([editor(bob), editor(cy)], 'Entrevista a 10 clientes')]);
    await bus.idle();
    await until(() => service.stats().sent === 4);
    expect(subjectTo(smtp, bob.email)[1]).toBe(
      'Ada Lovelace movió "Entrevista a 10 clientes" a En curso (Solar Kiosk)',
    );
    expect(subjectTo(smtp, cy.email)[1]).toBe(
      'Ada Lovelace moved "Interview 10 customers" to In Progress (Solar Kiosk)',
    );

    // Back to English by a newer event; an older one (Spanish) arriving late changes nothing.
    await bus.publish([preferences(bob.userId, 'en', new Date(Date.now() + 1000))]);
    await bus.publish([preferences(bob.userId, 'es', new Date(Date.now() - 60_000))]);
    await bus.idle();
    await bus.publish([statusChange([editor(bob)])]);
    await bus.idle();
    await until(() => service.stats().sent === 5);
    expect(subjectTo(smtp, bob.email)[2]).toBe(
      'Ada Lovelace moved "Interview 10 customers" to In Progress (Solar Kiosk)',
    );
  });

  it("the daily digest is written in the recipient's language, once", async () => {
    const service = await start();
    await bus.publish([preferences(bob.userId, 'es', new Date(), 'daily')]);
    await bus.idle();
    await bus.publish([statusChange([editor(bob)])]);
    await bus.idle();
    const tomorrow = new Date(Date.now() + 86_400_000);
    await service.runDigests(tomorrow);
    await service.runDigests(tomorrow);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toMatch(
      /^Tu resumen diario del \d{1,2} de [a-z]+ de \d{4}: 1 cambio de tarea en Solar Kiosk$/,
    );
    expect(body(smtp.received[0]!)).toContain(
      'Ada Lovelace movió "Interview 10 customers" de Sin empezar a En curso',
    );
  });

  it('a preferences event from before issue 21 (no language) reads as English', async () => {
    const service = await start();
    await bus.publish([preferences(bob.userId, 'es', new Date(Date.now() - 60_000))]);
    await bus.publish([preferences(bob.userId, undefined)]);
    await bus.idle();
    await bus.publish([statusChange([editor(bob)])]);
    await bus.idle();
    await until(() => service.stats().sent === 1);
    expect(subjectTo(smtp, bob.email)).toEqual([
      'Ada Lovelace moved "Interview 10 customers" to In Progress (Solar Kiosk)',
    ]);
  });

  it("a registration's language writes its welcome and the user's later e-mails, and an invitation to their address; an unknown invitee gets the inviter's language", async () => {
    const service = await start();
    await bus.publish([
      event('user.registered', { userId: dan.userId, username: 'Dan@Example.test', language: 'es' }),
      preferences(ada.userId, 'es'),
    ]);
    await bus.idle();
    await until(() => service.stats().sent === 1);
    expect(subjectTo(smtp, dan.email)).toEqual(['Te damos la bienvenida a Venture Roadmap']);

    // Dan never changed a preference: the registration's language still decides.
    await bus.publish([statusChange([editor(dan)])]);
    // Cy (English, unknown to the read model) invites Dan: Dan's language. Ada (Spanish) invites an address
    // nobody registered: Ada's language. Cy invites another stranger: English.
    await bus.publish([
      invitation(cy, 'dan@example.test'),
      invitation(ada, 'newcomer@example.test'),
      invitation(cy, 'stranger@example.test'),
    ]);
    await bus.idle();
    await until(() => service.stats().sent === 5);
    expect(subjectTo(smtp, dan.email)).toEqual([
      'Te damos la bienvenida a Venture Roadmap',
      'Ada Lovelace movió "Interview 10 customers" a En curso (Solar Kiosk)',
      'Cy te invitó a Solar Kiosk en Venture Roadmap',
    ]);
    expect(subjectTo(smtp, 'newcomer@example.test')).toEqual([
      'Ada Lovelace te invitó a Solar Kiosk en Venture Roadmap',
    ]);
    expect(subjectTo(smtp, 'stranger@example.test')).toEqual([
      'Cy invited you to Solar Kiosk on Venture Roadmap',
    ]);

    // A later preferences event (English) wins over the registration.
    await bus.publish([preferences(dan.userId, 'en', new Date(Date.now() + 1000))]);
    await bus.idle();
    await bus.publish([invitation(cy, 'DAN@example.test')]);
    await bus.idle();
    await until(() => service.stats().sent === 6);
    expect(subjectTo(smtp, dan.email).at(-1)).toBe('Cy invited you to Solar Kiosk on Venture Roadmap');
  });

  it('a registration arriving after a newer preferences event keeps the address, not its language', async () => {
    const service = await start();
    const registered = {
      ...event('user.registered', { userId: dan.userId, username: dan.email, language: 'es' }),
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
    };
    await bus.publish([preferences(dan.userId, 'en')]);
    await bus.idle();
    await bus.publish([registered]);
    await bus.idle();
    await bus.publish([invitation(ada, dan.email)]);
    await bus.idle();
    await until(() => service.stats().sent === 2);
    // The welcome follows its own event; the invitation, the newer preference.
    expect(subjectTo(smtp, dan.email)).toEqual([
      'Te damos la bienvenida a Venture Roadmap',
      'Ada Lovelace invited you to Solar Kiosk on Venture Roadmap',
    ]);
  });
});
