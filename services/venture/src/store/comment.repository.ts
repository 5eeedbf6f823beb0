import { notDeleted } from '@app/common';
import mongoose, { Types } from 'mongoose';
import type { CommentRecord, CommentRepository } from '../domain/venture.ts';
import type { CommentDocument, CommentModel } from './comment.model.ts';

type StoredComment = Omit<CommentDocument, 'outbox'>;

function toRecord(doc: StoredComment): CommentRecord {
  return {
    id: String(doc._id),
    ventureId: doc.ventureId,
    taskId: doc.taskId,
    authorId: doc.authorId,
    authorName: doc.authorName,
    body: doc.body,
    mentionedIds: [...(doc.mentionedIds ?? [])],
    createdAt: doc.createdAt,
    editedAt: doc.editedAt ?? null,
  };
}

const PUBLIC_PROJECTION = { outbox: 0 } as const;

export function createCommentRepository(
  model: CommentModel,
  options: { onEventsWritten?: () => void } = {},
): CommentRepository {
  const objectId = (id: string) => new Types.ObjectId(id);
  return {
    newId: () => new Types.ObjectId().toHexString(),

    async listForTask(taskId) {
      const docs = await model
        .find({ taskId: String(taskId), ...notDeleted }, PUBLIC_PROJECTION)
        .sort({ createdAt: 1, _id: 1 })
        .lean<StoredComment[]>();
      return docs.map(toRecord);
    },

    async countByTask(ventureId) {
      const rows = await model.aggregate<{ _id: string; count: number }>([
        { $match: { ventureId: String(ventureId), deletedAt: null } },
        { $group: { _id: '$taskId', count: { $sum: 1 } } },
      ]);
      return Object.fromEntries(rows.map((row) => [String(row._id), row.count]));
    },

    async listForVentures(ventureIds) {
      if (ventureIds.length === 0) return [];
      const docs = await model
        .find(
          { ventureId: mongoose.trusted({ $in: ventureIds.map(String) }), ...notDeleted },
          PUBLIC_PROJECTION,
        )
        .sort({ createdAt: 1, _id: 1 })
        .lean<StoredComment[]>();
      return docs.map(toRecord);
    },

    async findOnTask(commentId, taskId) {
      const doc = await model
        .findOne({ _id: objectId(commentId), taskId: String(taskId), ...notDeleted }, PUBLIC_PROJECTION)
        .lean<StoredComment>();
      return doc ? toRecord(doc) : null;
    },

    async create(comment, events) {
      const doc = await model.create({
        _id: objectId(comment.id),
        ventureId: comment.ventureId,
        taskId: comment.taskId,
        authorId: comment.authorId,
        authorName: comment.authorName,
        body: comment.body,
        mentionedIds: comment.mentionedIds,
        editedAt: null,
        createdAt: comment.createdAt,
        outbox: events,
      });
      if (events.length > 0) options.onEventsWritten?.();
      return toRecord(doc.toObject());
    },

    async edit({ commentId, authorId, body, mentionedIds, editedAt }) {
      const doc = await model
        .findOneAndUpdate(
          { _id: objectId(commentId), authorId: String(authorId), ...notDeleted },
          { $set: { body, mentionedIds, editedAt } },
          { returnDocument: 'after', projection: PUBLIC_PROJECTION },
        )
        .lean<StoredComment>();
      return doc ? toRecord(doc) : null;
    },

    async remove(commentId, authorId) {
      // Marked first: an event still waiting in its outbox is published, then the relay removes it.
      const marked = await model.updateOne(
        { _id: objectId(commentId), authorId: String(authorId), ...notDeleted },
        { $set: { deletedAt: new Date() } },
      );
      if (marked.matchedCount === 0) return false;
      await model.deleteOne({
        _id: objectId(commentId),
        deletedAt: mongoose.trusted({ $ne: null }),
        'outbox.0': mongoose.trusted({ $exists: false }),
      });
      return true;
    },

    async removeForVentures(ventureIds) {
      if (ventureIds.length === 0) return;
      await model.deleteMany({
        ventureId: mongoose.trusted({ $in: ventureIds.map(String) }),
        'outbox.0': mongoose.trusted({ $exists: false }),
      });
      await model.updateMany(
        { ventureId: mongoose.trusted({ $in: ventureIds.map(String) }), ...notDeleted },
        { $set: { deletedAt: new Date() } },
      );
    },
  };
}
