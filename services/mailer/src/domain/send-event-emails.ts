import type { EventEnvelope, Logger } from '@app/common';
import type { Language } from '@app/contracts';
import { applyBrandEvent, brandEmails, isBrandEvent, type BrandDirectory } from './brand.ts';
import { composeEmails, recipientAddresses, recipientIds } from './compose-emails.ts';
import { dayOf, digestEntriesFor, type DigestEntry } from './digest.ts';
import type { MailSettings, OutgoingEmail } from './email.ts';
import type { NotificationPreferences } from './preferences.ts';

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
  /**
   * Called once per e-mail the SMTP server accepted, per duplicate suppressed, and per e-mail kept on the
   * platform (to the demo account).
   */
  onOutcome?: (outcome: 'sent' | 'duplicate' | 'kept', email: OutgoingEmail) => void;
  /** The read model of users' notification preferences (absent: everyone has the defaults). */
  preferences?: {
    apply(userId: string, preferences: NotificationPreferences, changedAt: Date): Promise<void>;
    find(userIds: readonly string[]): Promise<ReadonlyMap<string, NotificationPreferences>>;
    /**
     * Issue 21: a registration: the user's address (so an invitation to it finds their language) and their
     * language, unless a newer preferences event already set it.
     */
    register(userId: string, address: string, language: Language, registeredAt: Date): Promise<void>;
    /** Issue 21: the languages of the users known by these addresses (lowercased); others are absent. */
    languagesOf(addresses: readonly string[]): Promise<ReadonlyMap<string, Language>>;
  };
  /** Where task changes wait for their recipients' daily digest. */
  digest?: { record(entries: readonly DigestEntry[], day: string): Promise<void> };
  /**
   * Addresses (lowercased) whose e-mails never leave the platform: the shared demo account, whose inbox
   * nobody owns. Their e-mails are logged, counted as `kept`, and not sent.
   */
  keepOnPlatform?: ReadonlySet<string>;
  /** Issue 19: the brand read model (absent: every e-mail has the platform's look). */
  brands?: BrandDirectory;
}

/** Another delivery of the same event holds the e-mail right now; the consumer retries later. */
export class EmailInFlightError extends Error {
  constructor(key: string) {
    super(`e-mail ${key} is being sent by another delivery`);
    this.name = 'EmailInFlightError';
  }
}

/**
 * Handles one event: keeps a preference change, or sends every e-mail the event asks for under its
 * recipients' preferences (and files the task changes some want daily for their digest). Each e-mail goes
 * out at most once per claim (see README "Exactly once?"): claim in the sent-log, send, record as sent. A
 * duplicate delivery finds `sent` and sends nothing; a failure releases the claim and throws, so the whole
 * event is retried and only what is missing goes out.
 */
export async function sendEventEmails(ctx: MailerContext, event: EventEnvelope): Promise<void> {
  const log = ctx.logger.child({ eventId: event.id, type: event.type, correlationId: event.correlationId });
  if (event.type === 'user.notification_preferences_changed') {
    const { userId, ...preferences } = event.data;
    if (!ctx.preferences) throw new Error('The mailer keeps no preferences here');
    // An event from before issue 17 has no `reminders`, one from before "Program updates" no
    // `programUpdates`: they were on (the default); one from before issue 21 no `language`: English.
    await ctx.preferences.apply(
      userId,
      {
        ...preferences,
        reminders: preferences.reminders ?? true,
        programUpdates: preferences.programUpdates ?? true,
        language: preferences.language ?? 'en',
      },
      new Date(event.occurredAt),
    );
    log.info({ userId }, 'notification preferences kept');
    return;
  }
  if (isBrandEvent(event)) {
    if (!ctx.brands) throw new Error('The mailer keeps no brands here');
    await applyBrandEvent(ctx.brands, event);
    log.info('organization brand kept');
    return;
  }
  if (event.type === 'user.registered' && ctx.preferences) {
    // Issue 21: the new user's language decides their e-mails from now on, before any preference change.
    const { userId, username, language } = event.data;
    await ctx.preferences.register(
      userId,
      username.trim().toLowerCase(),
      language ?? 'en',
      new Date(event.occurredAt),
    );
  }
  const ids = recipientIds(event);
  const preferences = ids.length > 0 && ctx.preferences ? await ctx.preferences.find(ids) : new Map();
  const addresses = recipientAddresses(event);
  const languages =
    addresses.length > 0 && ctx.preferences ? await ctx.preferences.languagesOf(addresses) : new Map();
  const composed = composeEmails(event, ctx.settings, preferences, languages);
  const emails = ctx.brands ? await brandEmails(ctx.brands, event, composed, ctx.settings) : composed;
  if (event.type === 'task.updated.v2') {
    const entries = digestEntriesFor(event, preferences);
    if (entries.length > 0) {
      if (!ctx.digest) throw new Error('The mailer keeps no digest here');
      // Idempotent per (event, recipient): a redelivery files nothing twice.
      await ctx.digest.record(entries, dayOf(ctx.clock()));
      log.info({ recipients: entries.length }, 'task change filed for the daily digest');
    }
  }
  await sendEmails(ctx, emails, log);
}

/** Claim → send → record, per e-mail (the event's, or a digest), one e-mail at a time per sender. */
export async function sendEmails(
  ctx: MailerContext,
  emails: readonly OutgoingEmail[],
  log: Logger,
): Promise<void> {
  for (const email of emails) {
    if (ctx.keepOnPlatform?.has(email.to.address.toLowerCase())) {
      log.info(
        { kind: email.kind, key: email.key },
        'e-mail to the demo account kept on the platform, not sent',
      );
      ctx.onOutcome?.('kept', email);
      continue;
    }
    const outcome = await oneAtATime(ctx.sender, () => claimSendRecord(ctx, email, log));
    ctx.onOutcome?.(outcome, email);
  }
}

/**
 * The tail of the queue of e-mails waiting for their sender, per sender (one per mailer process). Every
 * e-mail goes through claim → SMTP → record alone: the next one is claimed only once the previous one's
 * acceptance is written down. So a mailer killed at any moment leaves at most ONE e-mail that the SMTP
 * server may have accepted without a `sent` record (README "Exactly once?"), whatever the prefetch.
 */
const senderQueues = new WeakMap<object, Promise<unknown>>();

function oneAtATime<T>(sender: object, step: () => Promise<T>): Promise<T> {
  const previous = senderQueues.get(sender) ?? Promise.resolve();
  const mine = previous.then(step, step);
  senderQueues.set(
    sender,
    mine.catch(() => undefined),
  );
  return mine;
}

/** Claim → send → record one e-mail: `sent`, or `duplicate` when the sent-log already has it. */
async function claimSendRecord(
  ctx: MailerContext,
  email: OutgoingEmail,
  log: Logger,
): Promise<'sent' | 'duplicate'> {
  const claim = await ctx.sentLog.claim(email, ctx.clock());
  if (claim.state === 'sent') {
    log.info({ kind: email.kind }, 'e-mail already sent for this event; duplicate delivery ignored');
    return 'duplicate';
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
  return 'sent';
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
