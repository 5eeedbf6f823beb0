import { outboxPlugin, type EventEnvelope } from '@app/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** A comment on a venture task; its `task.commented` event waits in its own outbox. */
export interface CommentDocument {
  _id: Types.ObjectId;
  ventureId: string;
  /** The venture task's id. */
  taskId: string;
  authorId: string;
  authorName: string;
  body: string;
  mentionedIds: string[];
  editedAt: Date | null;
  outbox: EventEnvelope[];
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const commentSchema = new Schema<CommentDocument>(
  {
    ventureId: { type: String, required: true },
    taskId: { type: String, required: true },
    authorId: { type: String, required: true },
    authorName: { type: String, required: true },
    body: { type: String, required: true },
    mentionedIds: { type: [String], default: [] },
    editedAt: { type: Date, default: null },
  },
  { collection: 'task_comments', timestamps: true, autoIndex: false, versionKey: false, strict: 'throw' },
);

// A task's thread, oldest first.
commentSchema.index({ taskId: 1, createdAt: 1 });
// A venture's deletion takes its comments along.
commentSchema.index({ ventureId: 1 });

outboxPlugin(commentSchema);

export type CommentModel = Model<CommentDocument>;

export function commentModel(connection: Connection): CommentModel {
  return (
    (connection.models.TaskComment as CommentModel | undefined) ??
    connection.model<CommentDocument>('TaskComment', commentSchema)
  );
}
