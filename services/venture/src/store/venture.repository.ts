import { notDeleted } from '@app/common';
import mongoose, { isValidObjectId, Types } from 'mongoose';
import type {
  OutboxEvent,
  VentureOverviewRecord,
  VentureRecord,
  VentureRepository,
  VentureStats,
} from '../domain/venture.ts';
import type { VentureDocument, VentureModel } from './venture.model.ts';

/** Reads never load the outbox (it can hold events waiting for the broker). */
const PUBLIC_PROJECTION = { outbox: 0 } as const;

type StoredVenture = Omit<VentureDocument, 'outbox'>;

function toRecord(doc: StoredVenture): VentureRecord {
  const tasks = (doc.tasks ?? []).map((task) => ({
    id: String(task._id),
    taskId: task.taskId,
    title: task.title,
    description: task.description ?? '',
    category: task.category,
    status: task.status,
  }));
  // Stored in template order already; sorting keeps the roadmap order whatever wrote the document.
  tasks.sort((a, b) => a.taskId - b.taskId);
  return {
    id: String(doc._id),
    userId: doc.userId,
    ownerUsername: doc.ownerUsername ?? '',
    name: doc.name,
    blurb: doc.blurb ?? '',
    createdAt: doc.createdAt,
    tasks,
  };
}

function pushEvents(events: OutboxEvent[]): { $push?: { outbox: { $each: OutboxEvent[] } } } {
  return events.length > 0 ? { $push: { outbox: { $each: events } } } : {};
}

export interface VentureRepositoryOptions {
  /** Called after a write that put events into an outbox, so the relay publishes them without waiting. */
  onEventsWritten?: () => void;
}

export function createVentureRepository(
  model: VentureModel,
  options: VentureRepositoryOptions = {},
): VentureRepository {
  const written = (events: OutboxEvent[]): void => {
    if (events.length > 0) options.onEventsWritten?.();
  };
  const objectId = (id: string): Types.ObjectId => new Types.ObjectId(id);
  // userId comes from the signed identity; String() keeps anything else from reaching a filter.
  const owned = (id: string, userId: string) => ({
    _id: objectId(id),
    userId: String(userId),
    ...notDeleted,
  });

  async function findOne(filter: Record<string, unknown>): Promise<VentureRecord | null> {
    const doc = await model.findOne({ ...filter, ...notDeleted }, PUBLIC_PROJECTION).lean<StoredVenture>();
    return doc ? toRecord(doc) : null;
  }

  async function updateOne(
    filter: Record<string, unknown>,
    change: Record<string, unknown>,
    events: OutboxEvent[],
  ): Promise<boolean> {
    const result = await model.updateOne({ ...filter, ...notDeleted }, { ...change, ...pushEvents(events) });
    const done = result.matchedCount > 0;
    if (done) written(events);
    return done;
  }

  return {
    newId: () => new Types.ObjectId().toHexString(),
    // isValidObjectId also accepts any 12-character string; only 24 hex digits are ids here.
    isValidId: (id) => /^[0-9a-f]{24}$/i.test(id) && isValidObjectId(id),

    findOwned: (id, userId) => findOne(owned(id, userId)),

    findOwnedByTask: (taskId, userId) => findOne({ 'tasks._id': objectId(taskId), userId: String(userId) }),

    async listOwned(userId) {
      const docs = await model
        .find({ userId: String(userId), ...notDeleted }, PUBLIC_PROJECTION)
        .sort({ createdAt: 1, _id: 1 })
        .lean<StoredVenture[]>();
      return docs.map(toRecord);
    },

    async create(venture, events) {
      const doc = await model.create({
        _id: objectId(venture.id),
        userId: venture.userId,
        ownerUsername: venture.ownerUsername,
        name: venture.name,
        blurb: venture.blurb,
        tasks: venture.tasks.map((task) => ({
          _id: objectId(task.id),
          taskId: task.taskId,
          title: task.title,
          description: task.description,
          category: task.category,
          status: task.status,
        })),
        outbox: events,
      });
      written(events);
      return toRecord(doc.toObject());
    },

    async update(id, userId, changes) {
      if (Object.keys(changes).length === 0) return findOne(owned(id, userId));
      const doc = await model
        .findOneAndUpdate(
          owned(id, userId),
          { $set: changes },
          { returnDocument: 'after', projection: PUBLIC_PROJECTION },
        )
        .lean<StoredVenture>();
      return doc ? toRecord(doc) : null;
    },

    async changeTaskStatus({ ventureId, userId, taskId, from, to, ownerUsername }, events) {
      const doc = await model
        .findOneAndUpdate(
          {
            ...owned(ventureId, userId),
            // The expected current status is part of the match: a concurrent change makes this match nothing.
            tasks: mongoose.trusted({ $elemMatch: { _id: objectId(taskId), status: from } }),
          },
          { $set: { 'tasks.$.status': to, ownerUsername: String(ownerUsername) }, ...pushEvents(events) },
          { returnDocument: 'after', projection: PUBLIC_PROJECTION },
        )
        .lean<StoredVenture>();
      if (!doc) return null;
      written(events);
      return toRecord(doc);
    },

    markDeleted: (id, userId, events) =>
      updateOne(owned(id, userId), { $set: { deletedAt: new Date() } }, events),

    async listIdsOfUser(userId) {
      const docs = await model
        .find({ userId: String(userId), ...notDeleted }, { _id: 1 })
        .lean<Array<{ _id: Types.ObjectId }>>();
      return docs.map((doc) => String(doc._id));
    },

    async listOverview(): Promise<VentureOverviewRecord[]> {
      const rows = await model.aggregate<
        Omit<VentureOverviewRecord, 'id'> & { _id: Types.ObjectId; blurb?: string; ownerUsername?: string }
      >([
        { $match: { deletedAt: null } },
        { $sort: { createdAt: 1, _id: 1 } },
        {
          $project: {
            userId: 1,
            ownerUsername: 1,
            name: 1,
            blurb: 1,
            createdAt: 1,
            taskCount: { $size: '$tasks' },
            completedTaskCount: {
              $size: { $filter: { input: '$tasks', as: 't', cond: { $eq: ['$$t.status', 'done'] } } },
            },
          },
        },
      ]);
      return rows.map(({ _id, ...row }) => ({
        ...row,
        id: String(_id),
        blurb: row.blurb ?? '',
        ownerUsername: row.ownerUsername ?? '',
      }));
    },

    async stats(): Promise<VentureStats> {
      const [totals] = await model.aggregate<VentureStats>([
        { $match: { deletedAt: null } },
        {
          $project: {
            tasks: { $size: '$tasks' },
            done: {
              $size: { $filter: { input: '$tasks', as: 't', cond: { $eq: ['$$t.status', 'done'] } } },
            },
          },
        },
        {
          $group: {
            _id: null,
            ventureCount: { $sum: 1 },
            taskCount: { $sum: '$tasks' },
            completedTaskCount: { $sum: '$done' },
          },
        },
        { $project: { _id: 0, ventureCount: 1, taskCount: 1, completedTaskCount: 1 } },
      ]);
      return totals ?? { ventureCount: 0, taskCount: 0, completedTaskCount: 0 };
    },
  };
}
