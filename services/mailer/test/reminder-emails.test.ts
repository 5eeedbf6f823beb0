import { describe, expect, it } from '@jest/globals';
import { createEvent, verifyUnsubscribeToken, type EventData } from '@app/common';
import { composeEmails, MAIL_EVENT_TYPES, recipientIds } from '../src/domain/compose-emails.ts';
import { longDate } from '../src/domain/compose-reminder-emails.ts';
import type { MailSettings } from '../src/domain/email.ts';
import { DEFAULT_PREFERENCES } from '../src/domain/preferences.ts';

const KEY = 'unsubscribe-test-key-unsubscribe-test-key';
const settings: MailSettings = {
  publicUrl: 'https://app.example.test',
  contactInbox: 'team@example.test',
  unsubscribeKey: KEY,
};
const ada = { userId: 'aaaaaaaaaaaaaaaaaaaaaaaa', email: 'ada@example.test', displayName: 'Ada Lovelace' };

function reminder(data: Partial<EventData<'task.reminder_due'>> = {}) {
  return createEvent(
    'task.reminder_due',
    {
      ventureId: '0123456789abcdef01234567',
      ventureName: 'Solar <Kiosk>',
      taskId: '76543210fedcba9876543210',
      taskTitle: 'Incorporate the company',
      kind: 'due_tomorrow',
      dueDate: '2027-03-11',
      timeZone: 'Europe/Berlin',
      recipient: ada,
      ...data,
    },
    { producer: 'venture' },
  );
}

describe('due-date reminder e-mails', () => {
  it('are consumed by the mailer and decided by the recipient’s preferences', () => {
    expect(MAIL_EVENT_TYPES).toContain('task.reminder_due');
    expect(recipientIds(reminder())).toEqual([ada.userId]);
  });

  it.each([
    ['due_in_7_days', 'Due in 7 days', 'is due in 7 days, on Thursday, 11 March 2027'],
    ['due_tomorrow', 'Due tomorrow', 'is due tomorrow, Thursday, 11 March 2027'],
    ['overdue', 'Overdue', 'was due on Thursday, 11 March 2027 and is not done yet'],
  ] as const)('%s: subject, body, task link, once per event', (kind, label, words) => {
    const event = reminder({ kind });
    const [email, ...rest] = composeEmails(event, settings);
    expect(rest).toEqual([]);
    expect(email!.key).toBe(`${event.id}/task-reminder`);
    expect(email!.kind).toBe('task-reminder');
    expect(email!.to).toEqual({ name: 'Ada Lovelace', address: 'ada@example.test' });
    expect(email!.subject).toBe(`${label}: Incorporate the company (Solar <Kiosk>)`);
    expect(email!.text).toContain(`The task "Incorporate the company" of Solar <Kiosk> ${words}.`);
    const link = 'https://app.example.test/ventures/0123456789abcdef01234567?task=76543210fedcba9876543210';
    expect(email!.text).toContain(`Open the task: ${link}`);
    expect(email!.text).toContain("Dates are in the venture's time zone (Europe/Berlin).");
    expect(email!.html).toContain(link);
    // The venture's name is user text: escaped in HTML.
    expect(email!.html).toContain('Solar &lt;Kiosk&gt;');
    expect(email!.html).not.toContain('Solar <Kiosk>');
  });

  it('carry a one-click unsubscribe for reminders', () => {
    const [email] = composeEmails(reminder(), settings);
    expect(email!.listUnsubscribe).toMatch(/^https:\/\/app\.example\.test\/api\/.+\?token=/);
    const token = decodeURIComponent(new URL(email!.listUnsubscribe!).searchParams.get('token')!);
    expect(verifyUnsubscribeToken(KEY, token)).toMatchObject({ userId: ada.userId, kind: 'reminders' });
    expect(email!.text).toContain('due-date reminders are on in your notification settings');
  });

  it('are not sent to a recipient who turned reminders off (others’ choices do not matter)', () => {
    const off = new Map([[ada.userId, { ...DEFAULT_PREFERENCES, reminders: false }]]);
    expect(composeEmails(reminder(), settings, off)).toEqual([]);
    const otherOff = new Map([['bbbbbbbbbbbbbbbbbbbbbbbb', { ...DEFAULT_PREFERENCES, reminders: false }]]);
    expect(composeEmails(reminder(), settings, otherOff)).toHaveLength(1);
    const everythingElseOff = new Map([
      [
        ada.userId,
        {
          taskChanges: 'off',
          mentions: false,
          assignments: false,
          reminders: true,
          programUpdates: false,
          language: 'en',
        } as const,
      ],
    ]);
    expect(composeEmails(reminder(), settings, everythingElseOff)).toHaveLength(1);
  });

  it('skip a recipient whose address is none', () => {
    expect(composeEmails(reminder({ recipient: { ...ada, email: 'not an address' } }), settings)).toEqual([]);
  });

  it('write calendar dates as days, whatever the zone of the machine', () => {
    expect(longDate('2027-01-01')).toBe('Friday, 1 January 2027');
  });
});
