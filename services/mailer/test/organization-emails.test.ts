import { describe, expect, it } from '@jest/globals';
import { createEvent, NonRetryableError, type EventData } from '@app/common';
import { listHeaders } from '../src/clients/mail-transport.ts';
import { composeEmails, MAIL_EVENT_TYPES } from '../src/domain/compose-emails.ts';
import type { MailSettings } from '../src/domain/email.ts';

const settings: MailSettings = {
  publicUrl: 'https://app.example.test',
  contactInbox: 'team@example.test',
  openSealed: (sealed) => (sealed.startsWith('sealed:') ? sealed.slice('sealed:'.length) : null),
};

const invited = (data: Partial<EventData<'organization.member_invited'>> = {}) =>
  createEvent(
    'organization.member_invited',
    {
      invitationId: 'i1',
      organizationId: 'o1',
      organizationName: 'Northgate <Accelerator>',
      inviter: { userId: 'u1', email: 'ada@example.test', displayName: 'Ada Lovelace' },
      inviteeEmail: 'pat@example.test',
      role: 'programManager',
      programName: null,
      sealedAcceptUrl: 'sealed:https://app.example.test/org-invitation#token=tok_1',
      expiresAt: '2027-03-08T09:00:00.000Z',
      resend: false,
      ...data,
    },
    { producer: 'organization' },
  );

describe('the organization invitation e-mail (issue 18; essential: always sent, no unsubscribe)', () => {
  it('is consumed by the mailer', () => {
    expect(MAIL_EVENT_TYPES).toContain('organization.member_invited');
  });

  it('goes to the invitee once per event with the opened accept link, the role and the expiry', () => {
    const event = invited();
    const emails = composeEmails(event, settings);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.to).toEqual({ address: 'pat@example.test' });
    expect(email!.key).toBe(`${event.id}/org-invitation`);
    expect(email!.subject).toBe('Ada Lovelace invited you to Northgate <Accelerator> on Venture Roadmap');
    expect(email!.text).toContain(
      'Accept the invitation: https://app.example.test/org-invitation#token=tok_1',
    );
    expect(email!.text).toContain('as a Program manager');
    expect(email!.text).toContain('expires on Mon, 08 Mar 2027 09:00:00 GMT');
    expect(listHeaders(email!)).toEqual({});
  });

  it('escapes the organization and inviter names in HTML and keeps line breaks out of the subject', () => {
    const [email] = composeEmails(
      invited({
        organizationName: '<script>alert(1)</script>',
        inviter: { userId: 'u1', email: 'x@example.test', displayName: 'Eve\r\nBcc: victim@example.test' },
      }),
      settings,
    );
    expect(email!.html).not.toContain('<script>');
    expect(email!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email!.subject).not.toMatch(/[\r\n]/);
  });

  it('names the program of a founder invitation', () => {
    const [email] = composeEmails(invited({ role: 'founder', programName: 'Spring 2027' }), settings);
    expect(email!.text).toContain('as a founder in its program Spring 2027');
  });

  it('an invitation whose link cannot be opened or is not http(s) is refused for good (dead-lettered)', () => {
    expect(() => composeEmails(invited({ sealedAcceptUrl: 'garbage' }), settings)).toThrow(NonRetryableError);
    expect(() => composeEmails(invited({ sealedAcceptUrl: 'sealed:javascript:alert(1)' }), settings)).toThrow(
      NonRetryableError,
    );
    expect(() => composeEmails(invited({ inviteeEmail: 'not an address' }), settings)).toThrow(
      NonRetryableError,
    );
  });
});
