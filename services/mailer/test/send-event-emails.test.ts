import { describe, expect, it } from '@jest/globals';
import { createEvent, createLogger, NonRetryableError } from '@app/common';
import type { OutgoingEmail } from '../src/domain/email.ts';
import { EmailInFlightError, sendEventEmails, type MailerContext } from '../src/domain/send-event-emails.ts';

const logger = createLogger({ name: 'mailer-unit', level: 'silent' });

/** The sent-log's rules in memory: unique key, claim lease, release by claim id. */
function memorySentLog(leaseMs: number) {
  const docs = new Map<string, { state: 'sending' | 'sent'; claimId: string; claimedAt: number }>();
  let n = 0;
  const log: MailerContext['sentLog'] & { docs: typeof docs } = {
    docs,
    async claim(email, now) {
      const doc = docs.get(email.key);
      const claimId = `c${(n += 1)}`;
      if (!doc || (doc.state === 'sending' && now.getTime() - doc.claimedAt >= leaseMs)) {
        docs.set(email.key, { state: 'sending', claimId, claimedAt: now.getTime() });
        return { state: 'claimed', claimId };
      }
      return doc.state === 'sent' ? { state: 'sent' } : { state: 'busy' };
    },
    async markSent(email, claimId) {
      docs.set(email.key, { state: 'sent', claimId, claimedAt: 0 });
    },
    async release(email, claimId) {
      if (docs.get(email.key)?.claimId === claimId) docs.delete(email.key);
    },
  };
  return log;
}

function contactEvent() {
  return createEvent(
    'contact.received',
    {
      messageId: 'm1',
      name: 'Ada',
      email: 'ada@example.test',
      subject: 'Hello there',
      message: 'Long enough text',
      kind: 'contact',
    },
    { producer: 'test' },
  );
}

function context(send: (email: OutgoingEmail) => Promise<void>, sentLog = memorySentLog(60_000)) {
  const sent: string[] = [];
  const ctx: MailerContext = {
    settings: { publicUrl: 'https://app.example.test', contactInbox: 'team@example.test' },
    sender: {
      async send(email) {
        await send(email);
        sent.push(email.key);
        return { messageId: '<x>', detail: '250 OK' };
      },
    },
    sentLog,
    clock: () => new Date(),
    logger,
  };
  return { ctx, sent, sentLog };
}

describe('sending the e-mails of an event once', () => {
  it('when the second e-mail of an event fails, then the retry sends only that one', async () => {
    let failAck = true;
    const { ctx, sent } = context(async (email) => {
      if (email.kind === 'contact-ack' && failAck) {
        failAck = false;
        throw Object.assign(new Error('try later'), { responseCode: 451 });
      }
    });
    const event = contactEvent();
    await expect(sendEventEmails(ctx, event)).rejects.toThrow('try later');
    await sendEventEmails(ctx, event);
    expect(sent).toEqual([`${event.id}/contact-notice`, `${event.id}/contact-ack`]);
  });

  it('when another delivery holds the claim, then it sends nothing and asks to retry; a stale claim is taken over', async () => {
    const sentLog = memorySentLog(60_000);
    const { ctx, sent } = context(async () => undefined, sentLog);
    const event = contactEvent();
    sentLog.docs.set(`${event.id}/contact-notice`, {
      state: 'sending',
      claimId: 'other',
      claimedAt: Date.now(),
    });
    await expect(sendEventEmails(ctx, event)).rejects.toBeInstanceOf(EmailInFlightError);
    expect(sent).toEqual([]);
    sentLog.docs.set(`${event.id}/contact-notice`, {
      state: 'sending',
      claimId: 'other',
      claimedAt: Date.now() - 61_000,
    });
    await sendEventEmails(ctx, event);
    expect(sent).toEqual([`${event.id}/contact-notice`, `${event.id}/contact-ack`]);
  });

  it('when SMTP refuses for good, then the claim is released and the error stays non-retryable', async () => {
    const { ctx, sentLog } = context(async () => {
      throw new NonRetryableError('550 mailbox unavailable');
    });
    await expect(sendEventEmails(ctx, contactEvent())).rejects.toBeInstanceOf(NonRetryableError);
    expect(sentLog.docs.size).toBe(0);
  });

  it('when ten deliveries run at once (the prefetch), then one e-mail at a time is claimed, sent and recorded', async () => {
    const sentLog = memorySentLog(60_000);
    let inExchange = 0;
    let most = 0;
    const unrecordedAtSend: number[] = [];
    const { ctx, sent } = context(async () => {
      // Claims not yet recorded as sent when this message reaches SMTP: this one only.
      unrecordedAtSend.push([...sentLog.docs.values()].filter((d) => d.state === 'sending').length);
      inExchange += 1;
      most = Math.max(most, inExchange);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inExchange -= 1;
    }, sentLog);
    const events = Array.from({ length: 10 }, () => contactEvent());
    await Promise.all(events.map((event) => sendEventEmails(ctx, event)));
    expect(sent).toHaveLength(20);
    // A kill at any moment leaves at most one e-mail accepted by SMTP without its `sent` record.
    expect(most).toBe(1);
    expect(unrecordedAtSend.every((n) => n === 1)).toBe(true);
  });

  it('when one e-mail fails, then the e-mails queued behind it are still sent', async () => {
    const { ctx, sent } = context(async (email) => {
      if (email.kind === 'contact-notice' && email.eventId === first.id) throw new Error('connection reset');
    });
    const first = contactEvent();
    const second = contactEvent();
    const results = await Promise.allSettled([sendEventEmails(ctx, first), sendEventEmails(ctx, second)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(sent).toEqual([`${second.id}/contact-notice`, `${second.id}/contact-ack`]);
  });
});
