import mongoose from 'mongoose';
import type { DigestEntry } from '../domain/digest.ts';
import type { DigestEntryDocument, DigestEntryModel } from './digest-entry.model.ts';

export interface DigestEntryRepository {
  /** Adds the entries of one event for `day`; an entry already there (a redelivery) is kept as it is. */
  record(entries: readonly DigestEntry[], day: string): Promise<void>;
  /** Undigested entries of days before `today`, oldest day first, at most `limit`. */
  due(today: string, limit: number): Promise<Array<DigestEntry & { day: string }>>;
  /** Marks one recipient's entries of one day as digested. */
  markDigested(userId: string, day: string, now: Date): Promise<void>;
  /** Removes entries whose digest went out before `before`. */
  prune(before: Date): Promise<void>;
}

function toEntry(doc: DigestEntryDocument): DigestEntry & { day: string } {
  return {
    eventId: doc.eventId,
    userId: doc.userId,
    to: doc.to,
    day: doc.day,
    ventureId: doc.ventureId,
    ventureName: doc.ventureName,
    taskTitle: doc.taskTitle,
    fromStatus: doc.fromStatus,
    toStatus: doc.toStatus,
    actorName: doc.actorName,
    occurredAt: new Date(doc.occurredAt).toISOString(),
  };
}

export function createDigestEntryRepository(model: DigestEntryModel): DigestEntryRepository {
  return {
    async record(entries, day) {
      for (const entry of entries) {
        try {
          await model.create({
            _id: `${entry.eventId}/${entry.userId}`,
            ...entry,
            occurredAt: new Date(entry.occurredAt),
            day,
            digestedAt: null,
          });
        } catch (err) {
          if ((err as { code?: unknown })?.code !== 11000) throw err;
        }
      }
    },

    async due(today, limit) {
      const docs = await model
        .find({ digestedAt: null, day: mongoose.trusted({ $lt: String(today) }) })
        .sort({ day: 1, userId: 1, occurredAt: 1 })
        .limit(limit)
        .lean<DigestEntryDocument[]>();
      return docs.map(toEntry);
    },

    async markDigested(userId, day, now) {
      await model.updateMany(
        { userId: String(userId), day: String(day), digestedAt: null },
        { $set: { digestedAt: now } },
      );
    },

    async prune(before) {
      await model.deleteMany({ digestedAt: mongoose.trusted({ $ne: null, $lt: before }) });
    },
  };
}
