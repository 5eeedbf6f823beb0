import mongoose, { Types } from 'mongoose';
import type { ActivityRecord, ActivityRepository } from '../domain/venture.ts';
import type { ActivityDocument, ActivityModel } from './activity.model.ts';

function toRecord(doc: ActivityDocument): ActivityRecord {
  return {
    id: String(doc._id),
    ventureId: doc.ventureId,
    eventId: doc.eventId,
    kind: doc.kind,
    actor: { userId: doc.actor.userId, displayName: doc.actor.displayName },
    at: doc.at,
    details: doc.details,
  } as ActivityRecord;
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

export function createActivityRepository(model: ActivityModel): ActivityRepository {
  const objectId = (id: string) => new Types.ObjectId(id);
  return {
    newId: () => new Types.ObjectId().toHexString(),

    async record(entry) {
      try {
        await model.create({
          _id: objectId(entry.id),
          ventureId: entry.ventureId,
          eventId: entry.eventId,
          kind: entry.kind,
          actor: entry.actor,
          at: entry.at,
          details: entry.details,
        });
        return true;
      } catch (error) {
        // The same event again (a redelivery): its entry exists already.
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },

    async page(ventureId, { cursor, limit }) {
      const filter: Record<string, unknown> = { ventureId: String(ventureId) };
      if (cursor) {
        const after = await model
          .findOne({ _id: objectId(cursor), ventureId: String(ventureId) }, { at: 1 })
          .lean<Pick<ActivityDocument, '_id' | 'at'>>();
        if (!after) return { entries: [], nextCursor: null };
        filter.$or = [
          { at: mongoose.trusted({ $lt: after.at }) },
          { at: after.at, _id: mongoose.trusted({ $lt: after._id }) },
        ];
      }
      const docs = await model
        .find(filter)
        .sort({ at: -1, _id: -1 })
        .limit(limit + 1)
        .lean<ActivityDocument[]>();
      const entries = docs.slice(0, limit).map(toRecord);
      return { entries, nextCursor: docs.length > limit ? entries.at(-1)!.id : null };
    },

    async listAll(ventureId) {
      const docs = await model
        .find({ ventureId: String(ventureId) })
        .sort({ at: 1, _id: 1 })
        .lean<ActivityDocument[]>();
      return docs.map(toRecord);
    },

    async lastActivityOf(ventureIds) {
      if (ventureIds.length === 0) return new Map();
      const rows = await model.aggregate<{ _id: string; last: Date }>([
        { $match: { ventureId: { $in: ventureIds.map(String) } } },
        { $group: { _id: '$ventureId', last: { $max: '$at' } } },
      ]);
      return new Map(rows.map((row) => [row._id, new Date(row.last)]));
    },
    async removeForVentures(ventureIds) {
      if (ventureIds.length === 0) return;
      await model.deleteMany({ ventureId: mongoose.trusted({ $in: ventureIds.map(String) }) });
    },
  };
}
