import { describe, expect, it } from '@jest/globals';
import { createEvent } from '@app/common';
import { composeEmails } from '../src/domain/compose-emails.ts';

/*
 * Issue 20: the contact and enterprise forms send an acknowledgement to whatever address they name; it
 * repeated the sender's name, subject and message, so anyone could send their text to any inbox.
 */
const settings = { publicUrl: 'https://app.example.test', contactInbox: 'team@example.test' };
const ctx = { producer: 'test' };

describe('the acknowledgement of a contact message or an enterprise inquiry', () => {
  it.each(['contact', 'enterprise'] as const)(
    'carries none of the submitted text (%s), while the team inbox gets all of it',
    (kind) => {
      const submitted = {
        name: 'Buy Cheap Pills Now',
        subject: 'Visit spam.example today',
        message: 'Click https://spam.example/offer for the deal of a lifetime',
      };
      const event = createEvent(
        'contact.received',
        { messageId: 'm1', email: 'victim@example.test', kind, ...submitted },
        ctx,
      );
      const [notice, ack] = composeEmails(event, settings);
      expect(ack!.to).toEqual({ address: 'victim@example.test' });
      const sent = JSON.stringify(ack);
      for (const text of [submitted.name, 'spam.example', 'deal of a lifetime', 'Buy Cheap'])
        expect(sent).not.toContain(text);
      expect(ack!.text).toContain('If you did not write to us, you can ignore this e-mail.');
      expect(ack!.subject).toBe(
        kind === 'enterprise' ? 'We received your enterprise inquiry' : 'We received your message',
      );
      for (const text of Object.values(submitted)) expect(notice!.text).toContain(text);
    },
  );
});
