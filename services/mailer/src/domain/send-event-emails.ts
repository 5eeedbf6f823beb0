import type { EventEnvelope, Logger } from '@app/common';
import { composeEmails } from './compose-emails.ts';
import type { MailSettings, OutgoingEmail } from './email.ts';

export interface MailerContext {
  settings: MailSettings;
  /** Resolves once the SMTP server accepted the message; a NonRetryableError for permanent refusals. */
  sender: { send(email: OutgoingEmail): Promise<{ messageId: string; detail: string }> };
  sentLog: {
    claim(
      email: OutgoingEmail,
      now: Date,
    ): Promise<{ state: 'claimed'; claimId: string } | { state: 'sent' } | { state: 'busy' }>;
    markSent(email: OutgoingEmail, claimId: string, messageId: string, now: Date): Promise<void>;
    release(email: OutgoingEmail, claimId: string): Promise<void>;
  };
  clock: () => Date;
  logger: Logger;
  /** Called once per e-mail the SMTP server accepted, and per duplicate suppressed. */
  onOutcome?: (outcome: 'sent' | 'duplicate', email: OutgoingEmail) => void;
}

/** Another delivery of the same event holds the e-mail right now; the consumer retries later. */
export class EmailInFlightError extends Error {
  constructor(key: string) {
    super(`e-mail ${key} is being sent by another delivery`);
    this.name = 'EmailInFlightError';
  }
}

/**
 * Sends every e-mail an event asks for, each at most once per claim (see README "Exactly once?"): claim
 * in the sent-log, send, record as sent. A duplicate delivery finds `sent` and sends nothing; a failure
 * releases the claim and throws, so the whole event is retried and only what is missing goes out.
 */
export async function sendEventEmails(ctx: MailerContext, event: EventEnvelope): Promise<void> {
  const log = ctx.logger.child({ eventId: event.id, type: event.type, correlationId: event.correlationId });
  for (const email of composeEmails(event, ctx.settings)) {
    const claim = await ctx.sentLog.claim(email, ctx.clock());
    if (claim.state === 'sent') {
      log.info({ kind: email.kind }, 'e-mail already sent for this event; duplicate delivery ignored');
      ctx.onOutcome?.('duplicate', email);
      continue;
    }
    if (claim.state === 'busy') throw new EmailInFlightError(email.key);
    let result: { messageId: string; detail: string };
    try {
      result = await ctx.sender.send(email);
    } catch (err) {
      await ctx.sentLog.release(email, claim.claimId).catch((releaseErr: unknown) => {
        // The claim then expires by its lease.
        log.warn({ err: releaseErr, kind: email.kind }, 'could not release the e-mail claim');
      });
      throw err;
    }
    await recordSent(ctx, email, claim.claimId, result.messageId);
    log.info({ kind: email.kind, to: email.to.address, smtp: result.detail }, 'e-mail sent');
    ctx.onOutcome?.('sent', email);
  }
}

/**
 * The one window where a duplicate can happen is between SMTP's acceptance and this write, so a failed
 * write is tried again a few times at once before the event goes back for a retry (and the claim waits
 * for its lease to expire).
 */
async function recordSent(ctx: MailerContext, email: OutgoingEmail, claimId: string, messageId: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.sentLog.markSent(email, claimId, messageId, ctx.clock());
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
