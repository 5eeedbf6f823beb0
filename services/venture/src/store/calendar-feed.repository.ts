import type { CalendarFeedRecord, CalendarFeedRepository } from '../domain/calendar-feed.ts';
import type { CalendarFeedDocument, CalendarFeedModel } from './calendar-feed.model.ts';

function toRecord(doc: CalendarFeedDocument): CalendarFeedRecord {
  return {
    userId: doc.userId,
    tokenHash: doc.tokenHash,
    createdAt: doc.createdAt,
    lastFetchedAt: doc.lastFetchedAt ?? null,
  };
}

export function createCalendarFeedRepository(model: CalendarFeedModel): CalendarFeedRepository {
  return {
    async findForUser(userId) {
      const doc = await model.findOne({ userId: String(userId) }).lean<CalendarFeedDocument>();
      return doc ? toRecord(doc) : null;
    },

    async findByTokenHash(tokenHash) {
      const doc = await model.findOne({ tokenHash: String(tokenHash) }).lean<CalendarFeedDocument>();
      return doc ? toRecord(doc) : null;
    },

    async replace(userId, tokenHash, now) {
      // One document per user (unique): the new hash replaces the old one in the same write.
      const write = () =>
        model.updateOne(
          { userId: String(userId) },
          { $set: { tokenHash: String(tokenHash), createdAt: now, lastFetchedAt: null } },
          { upsert: true },
        );
      try {
        await write();
      } catch (err) {
        // Two first creates at once: the other's insert won; this one now replaces it.
        if ((err as { code?: unknown })?.code !== 11000) throw err;
        await write();
      }
    },

    async fetched(tokenHash, now) {
      await model.updateOne({ tokenHash: String(tokenHash) }, { $set: { lastFetchedAt: now } });
    },

    async removeForUser(userId) {
      const result = await model.deleteOne({ userId: String(userId) });
      return result.deletedCount > 0;
    },
  };
}
