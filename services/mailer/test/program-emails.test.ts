import { describe, expect, it } from '@jest/globals';
import { createEvent, verifyUnsubscribeToken } from '@app/common';
import { composeEmails, MAIL_EVENT_TYPES, recipientIds } from '../src/domain/compose-emails.ts';
import type { MailSettings } from '../src/domain/email.ts';
import { DEFAULT_PREFERENCES } from '../src/domain/preferences.ts';

const settings: MailSettings = {
  publicUrl: 'https://app.example.test',
  contactInbox: 'team@example.test',
  unsubscribeKey: 'unsubscribe-test-key-unsubscribe-test-key',
};
const ada = { userId: 'aaaaaaaaaaaaaaaaaaaaaaaa', email: 'ada@example.test', displayName: 'Ada Lovelace' };
const bob = {
  userId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  email: 'bob@example.test',
  displayName: 'bob@example.test',
};

const atRisk = () =>
  createEvent(
    'venture.at_risk',
    {
      ventureId: '0123456789abcdef01234567',
      ventureName: 'Solar <Kiosk>',
      programId: '76543210fedcba9876543210',
      programName: 'Spring cohort',
      organizationName: 'Harbour Accelerator',
      reasons: [
        { kind: 'inactive', value: 18, text: 'no activity for 18 days' },
        { kind: 'overdue', value: 3, text: '3 tasks overdue' },
      ],
      notify: [ada, bob],
    },
    { producer: 'venture' },
  );

const digest = (
  atRiskVentures = [
    { ventureId: '0123456789abcdef01234567', ventureName: 'Solar <Kiosk>', reasons: ['blocked for 9 days'] },
  ],
) =>
  createEvent(
    'program.digest_due',
    {
      programId: '76543210fedcba9876543210',
      programName: 'Spring cohort',
      organizationName: 'Harbour Accelerator',
      weekStart: '2027-03-08',
      recipient: ada,
      ventureCount: 12,
      medianProgress: 34.5,
      atRisk: atRiskVentures,
    },
    { producer: 'venture' },
  );

describe('program e-mails (issue 18)', () => {
  it('are consumed by the mailer and decided by each recipient’s preferences', () => {
    expect(MAIL_EVENT_TYPES).toEqual(expect.arrayContaining(['venture.at_risk', 'program.digest_due']));
    expect(recipientIds(atRisk())).toEqual([ada.userId, bob.userId]);
    expect(recipientIds(digest())).toEqual([ada.userId]);
  });

  it('a venture turning at risk e-mails each assigned mentor once, with the reasons and the venture link', () => {
    const event = atRisk();
    const emails = composeEmails(event, settings);
    expect(emails.map((e) => [e.key, e.to])).toEqual([
      [`${event.id}/venture-at-risk/${ada.userId}`, { name: 'Ada Lovelace', address: 'ada@example.test' }],
      [`${event.id}/venture-at-risk/${bob.userId}`, { address: 'bob@example.test' }],
    ]);
    const [first] = emails;
    expect(first!.subject).toBe('At risk: Solar <Kiosk> (Spring cohort)');
    expect(first!.text).toContain('• no activity for 18 days');
    expect(first!.text).toContain('• 3 tasks overdue');
    expect(first!.text).toContain(
      'Open the venture: https://app.example.test/ventures/0123456789abcdef01234567',
    );
    expect(first!.html).toContain('Solar &lt;Kiosk&gt;');
    expect(first!.html).not.toContain('Solar <Kiosk>');
    expect(first!.listUnsubscribe).toMatch(/^https:\/\/app\.example\.test\/api\/unsubscribe/);
  });

  it('a mentor who turned program updates off gets no at-risk e-mail; the others still do', () => {
    const off = new Map([[ada.userId, { ...DEFAULT_PREFERENCES, programUpdates: false }]]);
    expect(composeEmails(atRisk(), settings, off).map((e) => e.to.address)).toEqual(['bob@example.test']);
  });

  it('follow "Program updates" only: with reminders and everything else off they are still sent', () => {
    const onlyProgramUpdates = {
      taskChanges: 'off',
      mentions: false,
      assignments: false,
      reminders: false,
      programUpdates: true,
      language: 'en',
    } as const;
    const prefs = new Map([[ada.userId, onlyProgramUpdates]]);
    expect(composeEmails(atRisk(), settings, prefs).map((e) => e.to.address)).toEqual([
      'ada@example.test',
      'bob@example.test',
    ]);
    expect(composeEmails(digest(), settings, prefs)).toHaveLength(1);
    const digestOff = new Map([[ada.userId, { ...DEFAULT_PREFERENCES, programUpdates: false }]]);
    expect(composeEmails(digest(), settings, digestOff)).toEqual([]);
  });

  it('their one-click unsubscribe turns off program updates, named in the footer', () => {
    for (const email of [composeEmails(atRisk(), settings)[0]!, composeEmails(digest(), settings)[0]!]) {
      const token = new URL(email.listUnsubscribe!).searchParams.get('token')!;
      expect(verifyUnsubscribeToken(settings.unsubscribeKey!, token)).toEqual({
        userId: ada.userId,
        kind: 'programUpdates',
      });
      expect(email.text).toContain(
        'You receive this because program updates (at-risk alerts and weekly digests) are on in your notification settings (https://app.example.test/account).',
      );
      expect(email.html).toContain('Turn off program updates (at-risk alerts and weekly digests)');
    }
  });

  it('the weekly digest lists the cohort’s size, median and at-risk ventures with reasons, and links the dashboard', () => {
    const event = digest();
    const [email, ...rest] = composeEmails(event, settings);
    expect(rest).toEqual([]);
    expect(email!.key).toBe(`${event.id}/program-digest`);
    expect(email!.subject).toBe('Weekly digest: Spring cohort (Harbour Accelerator)');
    expect(email!.text).toContain('12 ventures, median progress 34.5 %.');
    expect(email!.text).toContain('1 at risk:');
    expect(email!.text).toContain('• Solar <Kiosk>: blocked for 9 days');
    expect(email!.text).toContain(
      'Open the cohort dashboard: https://app.example.test/programs/76543210fedcba9876543210',
    );
    expect(email!.html).toContain('Solar &lt;Kiosk&gt;');
  });

  it('a digest of a week without risk says so', () => {
    const [email] = composeEmails(digest([]), settings);
    expect(email!.text).toContain('No venture is at risk this week.');
  });
});
