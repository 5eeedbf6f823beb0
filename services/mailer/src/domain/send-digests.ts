import { brandByRecipient } from './brand.ts';
import { composeDigest, dayOf, type DigestEntry } from './digest.ts';
import { EmailInFlightError, sendEmails, type MailerContext } from './send-event-emails.ts';

export interface DigestStore {
  due(today: string, limit: number): Promise<Array<DigestEntry & { day: string }>>;
  markDigested(userId: string, day: string, now: Date): Promise<void>;
  prune(before: Date): Promise<void>;
}

export interface DigestRun {
  /** Digests sent now. */
  sent: number;
  /** Already sent by another replica or an earlier run (found `sent` in the sent-log). */
  duplicate: number;
  /** Not sent: the recipient turned task e-mails off since the changes were filed. */
  skipped: number;
  /** Failed (SMTP down, or another replica is sending it right now): the next run tries again. */
  failed: number;
}

/** Entries read per round: a round never splits one recipient's day (see below). */
const BATCH = 2000;
/** Sent digests' entries are kept this long (for support), then removed. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Sends the digest of every day before `now`'s (UTC) that has undigested entries: one e-mail per
 * recipient per day, the changes grouped by venture. Each send is claimed in the sent-log under
 * `digest/<day>/<user id>` (one conditional insert), so replicas running this at the same moment and a
 * restart halfway never send a digest twice; a failure leaves the entries for the next run.
 */
export async function sendDueDigests(ctx: MailerContext, store: DigestStore, now: Date): Promise<DigestRun> {
  const log = ctx.logger.child({ component: 'digest' });
  const run: DigestRun = { sent: 0, duplicate: 0, skipped: 0, failed: 0 };
  const today = dayOf(now);
  const done = new Set<string>();
  for (let round = 0; round < 100; round += 1) {
    const batch = (await store.due(today, BATCH)).filter((e) => !done.has(`${e.userId}/${e.day}`));
    if (batch.length === 0) break;
    const groups = new Map<string, Array<DigestEntry & { day: string }>>();
    for (const entry of batch) {
      const key = `${entry.userId}/${entry.day}`;
      groups.set(key, [...(groups.get(key) ?? []), entry]);
    }
    // A full batch may end inside one recipient's day: leave that group for the next round, whole.
    if (batch.length === BATCH && groups.size > 1) groups.delete([...groups.keys()].at(-1)!);
    const preferences = ctx.preferences
      ? await ctx.preferences.find([...new Set(batch.map((e) => e.userId))])
      : new Map();
    for (const [key, entries] of groups) {
      done.add(key);
      const { userId, day } = entries[0]!;
      if (preferences.get(userId)?.taskChanges === 'off') {
        await store.markDigested(userId, day, now);
        run.skipped += 1;
        continue;
      }
      // Issue 21: in the recipient's language as kept now (the titles as filed).
      const composed = composeDigest(userId, day, entries, ctx.settings, preferences.get(userId)?.language);
      // Issue 19: a member's digest carries their organization's brand.
      const email =
        composed && ctx.brands
          ? (await brandByRecipient(ctx.brands, [composed], ctx.settings))[0]!
          : composed;
      if (!email) {
        await store.markDigested(userId, day, now);
        run.skipped += 1;
        continue;
      }
      let outcome: 'sent' | 'duplicate' | 'kept' | null = null;
      try {
        await sendEmails(
          { ...ctx, onOutcome: (o, e) => ((outcome = o), ctx.onOutcome?.(o, e)) },
          [email],
          log,
        );
      } catch (err) {
        run.failed += 1;
        const level = err instanceof EmailInFlightError ? 'info' : 'warn';
        log[level]({ err, key: email.key }, 'digest not sent now; the next run tries again');
        continue;
      }
      await store.markDigested(userId, day, now);
      if (outcome === 'duplicate') run.duplicate += 1;
      else run.sent += 1;
    }
    if (batch.length < BATCH) break;
  }
  await store.prune(new Date(now.getTime() - KEEP_MS));
  if (run.sent + run.duplicate + run.skipped + run.failed > 0)
    log.info({ ...run, today }, 'daily digests run');
  return run;
}
