import { randomUUID } from 'node:crypto';
import type { OutgoingEmail } from '../domain/email.ts';
import type { SentMailDocument, SentMailModel } from './sent-mail.model.ts';

/**
 * `claimed`: this delivery may send (its `claimId` proves it); `sent`: already accepted by SMTP, send
 * nothing; `busy`: another delivery is sending it right now (try again later).
 */
export type ClaimOutcome = { state: 'claimed'; claimId: string } | { state: 'sent' } | { state: 'busy' };

export interface SentMailRepository {
  claim(email: OutgoingEmail, now: Date): Promise<ClaimOutcome>;
  markSent(email: OutgoingEmail, claimId: string, messageId: string, now: Date): Promise<void>;
  /** Gives a claim up after a failed send, so the next try (or an operator's replay) can send. */
  release(email: OutgoingEmail, claimId: string): Promise<void>;
  find(key: string): Promise<SentMailDocument | null>;
}

function isDuplicateKey(err: unknown): boolean {
  return (err as { code?: unknown })?.code === 11000;
}

export function createSentMailRepository(
  model: SentMailModel,
  opts: { leaseMs: number },
): SentMailRepository {
  return {
    async claim(email, now) {
      const claimId = randomUUID();
      try {
        await model.create({
          _id: email.key,
          eventId: email.eventId,
          kind: email.kind,
          to: email.to.address,
          subject: email.subject,
          state: 'sending',
          claimId,
          claimedAt: now,
        });
        return { state: 'claimed', claimId };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const existing = await model.findById(email.key).lean<SentMailDocument>();
      if (!existing) return { state: 'busy' }; // released between our insert and read: try again
      if (existing.state === 'sent') return { state: 'sent' };
      if (now.getTime() - new Date(existing.claimedAt).getTime() < opts.leaseMs) return { state: 'busy' };
      // The claimant outlived its lease (it died mid-send): take over. Whether its SMTP exchange went
      // through is unknown, so this may send a second copy; that is the price of never losing one.
      const taken = await model.updateOne(
        { _id: email.key, state: 'sending', claimId: existing.claimId },
        { $set: { claimId, claimedAt: now } },
      );
      return taken.modifiedCount === 1 ? { state: 'claimed', claimId } : { state: 'busy' };
    },

    async markSent(email, claimId, messageId, now) {
      // By key, not by claim: a slow claimant that was taken over still records what it sent.
      await model.updateOne({ _id: email.key }, { $set: { state: 'sent', sentAt: now, messageId, claimId } });
    },

    async release(email, claimId) {
      await model.deleteOne({ _id: email.key, state: 'sending', claimId });
    },

    find: (key) => model.findById(key).lean<SentMailDocument>(),
  };
}
