import { describe, expect, it } from '@jest/globals';
import { createEvent, NonRetryableError } from '@app/common';
import { composeEmails } from '../src/domain/compose-emails.ts';
import { isPermanentSmtpFailure } from '../src/clients/mail-transport.ts';

const settings = { publicUrl: 'https://app.example.test', contactInbox: 'team@example.test' };
const ctx = { producer: 'test' };

describe('composing e-mails', () => {
  it('names the venture, the task and the new status label, and links to the roadmap', () => {
    const event = createEvent(
      'task.updated',
      {
        ventureId: 'v 1',
        ventureName: 'Acme <b>Labs</b>',
        taskId: 't1',
        taskTitle: 'Line one\r\nBcc: victim@example.test',
        fromStatus: 'todo',
        toStatus: 'in_progress',
        ownerId: 'u1',
        ownerUsername: 'owner@example.test',
      },
      ctx,
    );
    const [email] = composeEmails(event, settings);
    expect(email!.to).toEqual({ address: 'owner@example.test' });
    expect(email!.subject).toBe(
      'Task updated to In Progress: Line one Bcc: victim@example.test (Acme <b>Labs</b>)',
    );
    expect(email!.subject).not.toMatch(/[\r\n]/);
    expect(email!.text).toContain('https://app.example.test/ventures/v%201');
    expect(email!.html).toContain('Acme &lt;b&gt;Labs&lt;/b&gt;');
    expect(email!.html).not.toContain('<b>Labs');
    expect(email!.key).toBe(`${event.id}/task-status`);
  });

  it('sends a contact message to the team inbox (reply-to the sender) and an acknowledgement to the sender', () => {
    const event = createEvent(
      'contact.received',
      {
        messageId: 'm1',
        name: 'Grace',
        email: 'grace@example.test',
        subject: 'Enterprise Inquiry from Navy',
        message: 'Organization: Navy\nRole: Admiral',
        kind: 'enterprise',
      },
      ctx,
    );
    const [notice, ack] = composeEmails(event, settings);
    expect(notice!.to.address).toBe('team@example.test');
    expect(notice!.replyTo).toEqual({ name: 'Grace', address: 'grace@example.test' });
    expect(notice!.subject).toBe('[Enterprise] Enterprise Inquiry from Navy');
    expect(ack!.to.address).toBe('grace@example.test');
    expect(ack!.subject).toBe('We received your enterprise inquiry');
    expect(notice!.key).not.toBe(ack!.key);
  });

  it('refuses an invalid recipient or a non-http reset link without retrying', () => {
    const badRecipient = createEvent('user.registered', { userId: 'u', username: 'not-an-address' }, ctx);
    expect(() => composeEmails(badRecipient, settings)).toThrow(NonRetryableError);
    const badLink = createEvent(
      'password.reset_requested',
      {
        userId: 'u',
        username: 'a@example.test',
        resetUrl: 'javascript:alert(1)',
        expiresAt: new Date().toISOString(),
      },
      ctx,
    );
    expect(() => composeEmails(badLink, settings)).toThrow(NonRetryableError);
  });

  it('classifies SMTP 5xx as permanent and 4xx, network and authentication failures as transient', () => {
    expect(isPermanentSmtpFailure({ responseCode: 550, code: 'EENVELOPE' })).toBe(true);
    expect(isPermanentSmtpFailure({ responseCode: 451, code: 'EMESSAGE' })).toBe(false);
    expect(isPermanentSmtpFailure({ responseCode: 535, code: 'EAUTH' })).toBe(false);
    expect(isPermanentSmtpFailure({ code: 'ECONNECTION' })).toBe(false);
    expect(isPermanentSmtpFailure(new Error('socket hang up'))).toBe(false);
  });
});
