import { describe, expect, it } from '@jest/globals';
import { createEvent, type EventData, type EventEnvelope, type EventType } from '@app/common';
import type { Language } from '@app/contracts';
import { brandEmail, type MailBrand } from '../src/domain/brand.ts';
import { composeEmails } from '../src/domain/compose-emails.ts';
import { composeDigest, digestEntriesFor, type DigestEntry } from '../src/domain/digest.ts';
import type { MailSettings, OutgoingEmail } from '../src/domain/email.ts';
import { DEFAULT_PREFERENCES, type NotificationPreferences } from '../src/domain/preferences.ts';

/*
 * Issue 21: every kind of e-mail in Spanish for a Spanish recipient (subject, text and HTML), the same
 * event still in English for an English one, and what is never translated (names users wrote).
 */

const settings: MailSettings = {
  publicUrl: 'https://app.example.test',
  contactInbox: 'team@example.test',
  unsubscribeKey: 'unsubscribe-test-key-unsubscribe-test-key',
  openSealed: (sealed) => `https://app.example.test/invitations#token=${sealed}`,
};

const ada = { userId: 'aaaaaaaaaaaaaaaaaaaaaaaa', email: 'ada@example.test', displayName: 'Ada Lovelace' };
const bob = { userId: 'bbbbbbbbbbbbbbbbbbbbbbbb', email: 'bob@example.test', displayName: 'Bob' };
const cy = { userId: 'cccccccccccccccccccccccc', email: 'cy@example.test', displayName: 'Cy' };
const member = (p: typeof ada, role: 'owner' | 'editor' | 'viewer' = 'editor') => ({ ...p, role });
const task = {
  ventureId: 'v1',
  ventureName: 'Kiosco <Solar>',
  taskId: 't1',
  taskTitle: 'Interview 10 customers',
};

const ev = <T extends EventType>(type: T, data: EventData<T>): EventEnvelope<T> =>
  createEvent(type, data, { producer: 'test' });

const speaking = (language: Language, ...users: Array<{ userId: string }>) =>
  new Map<string, NotificationPreferences>(
    users.map((u) => [u.userId, { ...DEFAULT_PREFERENCES, language }]),
  );
const spanish = (...users: Array<{ userId: string }>) => speaking('es', ...users);

/** The one e-mail of a kind to an address. */
function to(emails: OutgoingEmail[], address: string): OutgoingEmail {
  const found = emails.filter((e) => e.to.address === address);
  expect(found).toHaveLength(1);
  return found[0]!;
}

function expectSpanish(email: OutgoingEmail, subject: string, text: string[], html: string[]): void {
  expect(email.language).toBe('es');
  expect(email.subject).toBe(subject);
  for (const part of text) expect(email.text).toContain(part);
  expect(email.text).toContain('— El equipo de Venture Roadmap');
  expect(email.text).not.toContain('The Venture Roadmap team');
  expect(email.html).toContain('<html lang="es">');
  for (const part of html) expect(email.html).toContain(part);
}

function expectEnglish(email: OutgoingEmail, subject: string): void {
  expect(email.language).toBe('en');
  expect(email.subject).toBe(subject);
  expect(email.text).toContain('— The Venture Roadmap team');
  expect(email.html).toContain('<html lang="en">');
}

describe('account e-mails follow the language the event carries', () => {
  it('welcome', () => {
    const event = ev('user.registered', { userId: ada.userId, username: ada.email, language: 'es' });
    expectSpanish(
      composeEmails(event, settings)[0]!,
      'Te damos la bienvenida a Venture Roadmap',
      [
        '¡Te damos la bienvenida a Venture Roadmap!',
        'Tu cuenta de Venture Roadmap ada@example.test está lista.',
      ],
      ['Abrir Venture Roadmap', 'Crea tu primer emprendimiento'],
    );
    const before = ev('user.registered', { userId: ada.userId, username: ada.email });
    expectEnglish(composeEmails(before, settings)[0]!, 'Welcome to Venture Roadmap');
  });

  it('password reset, with the expiry written in Spanish', () => {
    const data = {
      userId: ada.userId,
      username: ada.email,
      resetUrl: 'https://app.example.test/reset-password?token=abc',
      expiresAt: '2026-12-01T10:00:00.000Z',
    };
    expectSpanish(
      composeEmails(ev('password.reset_requested', { ...data, language: 'es' }), settings)[0]!,
      'Restablece tu contraseña de Venture Roadmap',
      [
        'Alguien pidió restablecer la contraseña de la cuenta de Venture Roadmap ada@example.test.',
        'El enlace funciona una sola vez y vence el martes, 1 de diciembre de 2026, 10:00 (UTC).',
      ],
      ['Elegir una contraseña nueva', 'https://app.example.test/reset-password?token=abc'],
    );
    const english = composeEmails(ev('password.reset_requested', { ...data, language: 'en' }), settings)[0]!;
    expectEnglish(english, 'Reset your Venture Roadmap password');
    expect(english.text).toContain('The link works once and expires on Tue, 01 Dec 2026 10:00:00 GMT.');
  });

  it('the contact acknowledgement is in the language the sender wrote from; the team notice stays English', () => {
    const data = {
      messageId: 'm1',
      name: 'Grace',
      email: 'grace@example.test',
      subject: 'Hola',
      message: '¿Hablan español?',
      kind: 'contact' as const,
    };
    const [notice, ack] = composeEmails(ev('contact.received', { ...data, language: 'es' }), settings);
    expect(notice!.language).toBe('en');
    expectSpanish(
      ack!,
      'Recibimos tu mensaje',
      ['Gracias por escribirnos. Recibimos tu mensaje y te responderemos lo antes posible.'],
      ['Gracias por escribirnos.'],
    );
    // Without a language (events from before issue 21): English.
    const [, plain] = composeEmails(ev('contact.received', data), settings, spanish(ada));
    expectEnglish(plain!, 'We received your message');
  });
});

describe('team e-mails: each recipient in their own language', () => {
  it('a task change: Spanish to one member, English to the other, names untranslated', () => {
    const event = ev('task.updated.v2', {
      ...task,
      fromStatus: 'todo',
      toStatus: 'done',
      actor: ada,
      notify: [member(bob), member(cy)],
    });
    const emails = composeEmails(event, settings, spanish(bob));
    expectSpanish(
      to(emails, bob.email),
      'Ada Lovelace movió "Interview 10 customers" a Completada (Kiosco <Solar>)',
      [
        'Tarea actualizada a Completada',
        'Ada Lovelace movió la tarea "Interview 10 customers" de Kiosco <Solar> de Sin empezar a Completada.',
        'Abrir la hoja de ruta: https://app.example.test/ventures/v1',
        'Recibes este correo porque los correos de cambios en tareas están activados en tu configuración de notificaciones (https://app.example.test/account). Desactivar con un clic: https://app.example.test/unsubscribe?token=',
      ],
      ['Kiosco &lt;Solar&gt;', 'Desactivar los correos de cambios en tareas'],
    );
    expectEnglish(
      to(emails, cy.email),
      'Ada Lovelace moved "Interview 10 customers" to Done (Kiosco <Solar>)',
    );
    // The keys (the once-per-event guarantee) do not depend on the language.
    expect(emails.map((e) => e.key)).toEqual([
      `${event.id}/task-change/${bob.userId}`,
      `${event.id}/task-change/${cy.userId}`,
    ]);
  });

  it("a Spanish recipient reads the guide's Spanish title when the event carries one; English readers the English title", () => {
    const event = ev('task.assigned', {
      ...task,
      actor: ada,
      assignee: member(bob),
      previousAssigneeId: null,
    });
    const withSpanishTitle = ev('task.assigned', { ...event.data, taskTitleEs: 'Entrevista a 10 clientes' });
    const [es] = composeEmails(withSpanishTitle, settings, spanish(bob));
    expectSpanish(
      es!,
      'Ada Lovelace te asignó "Entrevista a 10 clientes" (Kiosco <Solar>)',
      [
        'Te asignaron una tarea',
        'Ada Lovelace te asignó la tarea "Entrevista a 10 clientes" de Kiosco <Solar>.',
      ],
      ['Abrir la tarea', 'Desactivar los correos de asignaciones'],
    );
    const [en] = composeEmails(withSpanishTitle, settings);
    expectEnglish(en!, 'Ada Lovelace assigned you "Interview 10 customers" (Kiosco <Solar>)');
    const [plain] = composeEmails(event, settings, spanish(bob));
    expect(plain!.subject).toBe('Ada Lovelace te asignó "Interview 10 customers" (Kiosco <Solar>)');
  });

  it('a comment: the mention and the assignee e-mails, the comment itself never translated', () => {
    const event = ev('task.commented', {
      ...task,
      commentId: 'c1',
      author: ada,
      body: 'Can you review this?',
      mentioned: [member(bob)],
      assignee: member(cy),
    });
    const emails = composeEmails(event, settings, spanish(bob, cy));
    expectSpanish(
      to(emails, bob.email),
      'Ada Lovelace te mencionó en "Interview 10 customers" (Kiosco <Solar>)',
      [
        'Ada Lovelace escribió en la tarea "Interview 10 customers" de Kiosco <Solar>:',
        'Can you review this?',
      ],
      ['Responder en la tarea', 'Desactivar los correos de menciones'],
    );
    expectSpanish(
      to(emails, cy.email),
      'Nuevo comentario en "Interview 10 customers" (Kiosco <Solar>)',
      ['Ada Lovelace comentó tu tarea', 'una tarea asignada a ti:', 'Can you review this?'],
      ['Abrir la tarea'],
    );
  });

  it('membership e-mails: joined, removed, role changed', () => {
    const joined = ev('venture.member_joined', {
      ventureId: 'v1',
      ventureName: 'Kiosco Solar',
      invitationId: 'i1',
      member: member(bob, 'viewer'),
      notify: [member(ada, 'owner')],
    });
    expectSpanish(
      composeEmails(joined, settings, spanish(ada))[0]!,
      'Bob se unió a Kiosco Solar',
      [
        'Bob (bob@example.test) aceptó tu invitación y ahora es lector de Kiosco Solar.',
        'Puedes cambiar su rol o quitarle de los miembros del emprendimiento cuando quieras.',
      ],
      ['Abrir el emprendimiento'],
    );
    const removed = ev('venture.member_removed', {
      ventureId: 'v1',
      ventureName: 'Kiosco Solar',
      member: member(bob),
      actor: ada,
      left: false,
    });
    expectSpanish(
      composeEmails(removed, settings, spanish(bob))[0]!,
      'Te quitaron de Kiosco Solar',
      ['Ada Lovelace te quitó del emprendimiento Kiosco Solar. Ya no tienes acceso a su hoja de ruta.'],
      ['Abrir Venture Roadmap'],
    );
    const changed = ev('venture.member_role_changed', {
      ventureId: 'v1',
      ventureName: 'Kiosco Solar',
      member: member(bob, 'owner'),
      fromRole: 'viewer',
      toRole: 'owner',
      actor: ada,
    });
    expectSpanish(
      composeEmails(changed, settings, spanish(bob))[0]!,
      'Tu rol en Kiosco Solar ahora es Propietario',
      [
        'Ada Lovelace cambió tu rol en Kiosco Solar de Lector a Propietario.',
        'Como propietario puedes gestionar el emprendimiento y sus miembros',
      ],
      ['Abrir el emprendimiento'],
    );
    expectEnglish(composeEmails(changed, settings)[0]!, 'Your role in Kiosco Solar is now Owner');
  });

  it('the legacy task.updated, to its owner', () => {
    const event = ev('task.updated', {
      ...task,
      fromStatus: 'in_progress',
      toStatus: 'blocked',
      ownerId: ada.userId,
      ownerUsername: ada.email,
    });
    expectSpanish(
      composeEmails(event, settings, spanish(ada))[0]!,
      'Tarea actualizada a Bloqueada: Interview 10 customers (Kiosco <Solar>)',
      [
        'La tarea "Interview 10 customers" de tu emprendimiento Kiosco <Solar> ahora está en estado Bloqueada (antes: En curso).',
        'Hoja de ruta del emprendimiento: https://app.example.test/ventures/v1',
      ],
      ['Abrir la hoja de ruta'],
    );
    const titled = ev('task.updated', { ...event.data, taskTitleEs: 'Entrevista a 10 clientes' });
    expect(composeEmails(titled, settings, spanish(ada))[0]!.subject).toBe(
      'Tarea actualizada a Bloqueada: Entrevista a 10 clientes (Kiosco <Solar>)',
    );
    expect(composeEmails(titled, settings)[0]!.subject).toBe(
      'Task updated to Blocked: Interview 10 customers (Kiosco <Solar>)',
    );
  });
});

describe('invitations: the invitee’s language when known, else the inviter’s, else English', () => {
  const venture = ev('venture.member_invited', {
    invitationId: 'i1',
    ventureId: 'v1',
    ventureName: 'Kiosco Solar',
    inviter: ada,
    inviteeEmail: 'New.Person@example.test',
    role: 'editor',
    sealedAcceptUrl: 'sealed',
    expiresAt: '2026-12-01T10:00:00.000Z',
    resend: false,
  });
  const organization = ev('organization.member_invited', {
    invitationId: 'i2',
    organizationId: 'o1',
    organizationName: 'Puerto Aceleradora',
    inviter: ada,
    inviteeEmail: 'new.person@example.test',
    role: 'founder',
    programName: 'Cohorte de primavera',
    sealedAcceptUrl: 'sealed',
    expiresAt: '2026-12-01T10:00:00.000Z',
    resend: false,
  });

  it('a venture invitation', () => {
    const byInviter = composeEmails(venture, settings, spanish(ada))[0]!;
    expectSpanish(
      byInviter,
      'Ada Lovelace te invitó a Kiosco Solar en Venture Roadmap',
      [
        'Únete a Kiosco Solar',
        'Ada Lovelace te invitó a unirte al emprendimiento Kiosco Solar en Venture Roadmap como editor.',
        'Como editor puedes cambiar el estado de las tareas, asignar tareas y comentar.',
        'Aceptar la invitación: https://app.example.test/invitations#token=sealed',
        'El enlace funciona una sola vez y vence el martes, 1 de diciembre de 2026, 10:00 (UTC).',
      ],
      ['Aceptar la invitación'],
    );
    // The invitee is a user who reads English: their language wins over the inviter's.
    const known = new Map<string, Language>([['new.person@example.test', 'en']]);
    expectEnglish(
      composeEmails(venture, settings, spanish(ada), known)[0]!,
      'Ada Lovelace invited you to Kiosco Solar on Venture Roadmap',
    );
    const knownSpanish = new Map<string, Language>([['new.person@example.test', 'es']]);
    expect(composeEmails(venture, settings, new Map(), knownSpanish)[0]!.language).toBe('es');
    expectEnglish(
      composeEmails(venture, settings)[0]!,
      'Ada Lovelace invited you to Kiosco Solar on Venture Roadmap',
    );
  });

  it('an organization invitation (founder of a program)', () => {
    expectSpanish(
      composeEmails(organization, settings, spanish(ada))[0]!,
      'Ada Lovelace te invitó a Puerto Aceleradora en Venture Roadmap',
      [
        'Ada Lovelace te invitó a unirte a Puerto Aceleradora en Venture Roadmap como fundador en su programa Cohorte de primavera.',
        'Como fundador puedes planificar y seguir tu emprendimiento con la hoja de ruta de la organización.',
        'te unirás al programa.',
      ],
      ['Únete a Puerto Aceleradora'],
    );
    const staff = { ...organization, data: { ...organization.data, role: 'programManager' as const } };
    expect(composeEmails(staff, settings, spanish(ada))[0]!.text).toContain('como responsable de programa.');
  });
});

describe('reminders and program e-mails', () => {
  it('a due-date reminder, with the date written in Spanish', () => {
    const event = ev('task.reminder_due', {
      ...task,
      kind: 'due_tomorrow',
      dueDate: '2027-03-11',
      timeZone: 'America/Mexico_City',
      recipient: ada,
    });
    expectSpanish(
      composeEmails(event, settings, spanish(ada))[0]!,
      'Vence mañana: Interview 10 customers (Kiosco <Solar>)',
      [
        'La tarea "Interview 10 customers" de Kiosco <Solar> vence mañana, jueves, 11 de marzo de 2027.',
        'Las fechas están en la zona horaria del emprendimiento (America/Mexico_City).',
        'Desactivar con un clic:',
      ],
      ['Desactivar los recordatorios de fechas límite'],
    );
    expectEnglish(
      composeEmails(event, settings)[0]!,
      'Due tomorrow: Interview 10 customers (Kiosco <Solar>)',
    );
  });

  it('an at-risk alert, the reasons written again in Spanish', () => {
    const event = ev('venture.at_risk', {
      ventureId: 'v1',
      ventureName: 'Kiosco Solar',
      programId: 'p1',
      programName: 'Primavera',
      organizationName: 'Puerto',
      reasons: [
        { kind: 'inactive', value: 18, text: 'no activity for 18 days' },
        { kind: 'overdue', value: 1, text: '1 task overdue' },
        { kind: 'belowMedian', value: 1, text: '1 points below the cohort median at mid-program' },
      ],
      notify: [ada, bob],
    });
    const emails = composeEmails(event, settings, spanish(ada));
    expectSpanish(
      to(emails, ada.email),
      'En riesgo: Kiosco Solar (Primavera)',
      [
        'Kiosco Solar está en riesgo',
        'Kiosco Solar, un emprendimiento que mentoreas en Primavera (Puerto), pasó a estar en riesgo:',
        '• sin actividad desde hace 18 días',
        '• 1 tarea vencida',
        '• 1 punto por debajo de la mediana de la cohorte a mitad del programa',
      ],
      ['Desactivar las novedades del programa (alertas de riesgo y resúmenes semanales)'],
    );
    const english = to(emails, bob.email);
    expectEnglish(english, 'At risk: Kiosco Solar (Primavera)');
    expect(english.text).toContain('• no activity for 18 days\n• 1 task overdue\n• 1 points below');
  });

  it('a weekly program digest, numbers and the week in Spanish', () => {
    const event = ev('program.digest_due', {
      programId: 'p1',
      programName: 'Primavera',
      organizationName: 'Puerto',
      weekStart: '2026-11-23',
      recipient: ada,
      ventureCount: 12,
      medianProgress: 34.5,
      atRisk: [{ ventureId: 'v1', ventureName: 'Kiosco Solar', reasons: ['blocked for 9 days'] }],
    });
    expectSpanish(
      composeEmails(event, settings, spanish(ada))[0]!,
      'Resumen semanal: Primavera (Puerto)',
      [
        'Primavera: la semana del 23 de noviembre de 2026',
        '12 emprendimientos, mediana de progreso 34,5 %.',
        '1 en riesgo:',
        '• Kiosco Solar: bloqueada desde hace 9 días',
        'Abrir el panel de la cohorte: https://app.example.test/programs/p1',
      ],
      ['Abrir el panel de la cohorte'],
    );
  });
});

describe('the daily digest', () => {
  const entry = (i: number, ventureId: string): DigestEntry => ({
    eventId: `e${i}`,
    userId: ada.userId,
    to: ada.email,
    ventureId,
    ventureName: `Kiosco ${ventureId}`,
    taskTitle: 'Interview 10 customers',
    fromStatus: 'todo',
    toStatus: 'in_progress',
    actorName: 'Bob',
    occurredAt: `2026-11-26T0${i}:00:00.000Z`,
  });

  it('in the recipient’s language, with the day written out', () => {
    const email = composeDigest(ada.userId, '2026-11-26', [entry(1, 'A'), entry(2, 'B')], settings, 'es')!;
    expectSpanish(
      email,
      'Tu resumen diario del 26 de noviembre de 2026: 2 cambios de tareas en 2 emprendimientos',
      [
        'Resumen diario — 26 de noviembre de 2026',
        'Esto es lo que cambió el 26 de noviembre de 2026 (UTC) en los emprendimientos de los que eres miembro.',
        'Kiosco A — 1 cambio',
        '  • Bob movió "Interview 10 customers" de Sin empezar a En curso',
        '  Abrir la hoja de ruta: https://app.example.test/ventures/A',
      ],
      ['Abrir Venture Roadmap'],
    );
    const one = composeDigest(ada.userId, '2026-11-26', [entry(1, 'A')], settings, 'es')!;
    expect(one.subject).toBe('Tu resumen diario del 26 de noviembre de 2026: 1 cambio de tarea en Kiosco A');
    expectEnglish(
      composeDigest(ada.userId, '2026-11-26', [entry(1, 'A')], settings)!,
      'Your daily digest for 2026-11-26: 1 task change in Kiosco A',
    );
  });

  it("files each daily recipient's title in their language", () => {
    const event = ev('task.updated.v2', {
      ...task,
      fromStatus: 'todo',
      toStatus: 'done',
      actor: ada,
      notify: [member(bob), member(cy)],
    });
    const withSpanishTitle = ev('task.updated.v2', {
      ...event.data,
      taskTitleEs: 'Entrevista a 10 clientes',
    });
    const daily = new Map<string, NotificationPreferences>([
      [bob.userId, { ...DEFAULT_PREFERENCES, taskChanges: 'daily', language: 'es' }],
      [cy.userId, { ...DEFAULT_PREFERENCES, taskChanges: 'daily' }],
    ]);
    expect(digestEntriesFor(withSpanishTitle, daily).map((e) => [e.userId, e.taskTitle])).toEqual([
      [bob.userId, 'Entrevista a 10 clientes'],
      [cy.userId, 'Interview 10 customers'],
    ]);
  });
});

describe('the brand of a Spanish recipient', () => {
  it('the From name in Spanish; the organization’s name untranslated', () => {
    const brand: MailBrand = {
      organizationId: 'o1',
      name: 'Northgate Lab',
      logoUrl: null,
      primaryColor: '#123456',
      replyToEmail: null,
      customDomain: null,
    };
    const event = ev('user.registered', { userId: ada.userId, username: ada.email, language: 'es' });
    expect(brandEmail(composeEmails(event, settings)[0]!, brand, settings).fromName).toBe(
      'Northgate Lab vía Venture Roadmap',
    );
    const english = ev('user.registered', { userId: ada.userId, username: ada.email });
    expect(brandEmail(composeEmails(english, settings)[0]!, brand, settings).fromName).toBe(
      'Northgate Lab via Venture Roadmap',
    );
  });
});
