import { outboxPlugin, type EventEnvelope } from '@app/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { TASK_STATUSES, type TaskStatus } from '@app/contracts';

/** A task, embedded in its venture: the roadmap is read and changed as one document. */
export interface VentureTaskDocument {
  /** Unique across ventures (an ObjectId), indexed: the task PATCH finds its venture by it. */
  _id: Types.ObjectId;
  taskId: number;
  title: string;
  description: string;
  category: string;
  status: TaskStatus;
}

export interface VentureDocument {
  _id: Types.ObjectId;
  /** The auth service's user id (another service's id, so a string). */
  userId: string;
  ownerUsername: string;
  name: string;
  blurb: string;
  tasks: VentureTaskDocument[];
  /** Events waiting for the relay (added by outboxPlugin). */
  outbox: EventEnvelope[];
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const taskSchema = new Schema<VentureTaskDocument>(
  {
    taskId: { type: Number, required: true },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    category: { type: String, required: true },
    status: { type: String, enum: TASK_STATUSES, required: true, default: 'todo' },
  },
  { _id: true, versionKey: false },
);

export const ventureSchema = new Schema<VentureDocument>(
  {
    userId: { type: String, required: true },
    ownerUsername: { type: String, default: '' },
    name: { type: String, required: true },
    blurb: { type: String, default: '' },
    tasks: { type: [taskSchema], default: [] },
  },
  {
    collection: 'ventures',
    timestamps: true,
    // Indexes are created by the startup step (syncIndexes), never implicitly (DESIGN.md).
    autoIndex: false,
    versionKey: false,
    strict: 'throw',
  },
);

// The caller's list, oldest first; the user.deleted cascade.
ventureSchema.index({ userId: 1, createdAt: 1 });
// PATCH /api/venture-tasks/{id}: a multikey index over the embedded tasks' ids.
ventureSchema.index({ 'tasks._id': 1 });

outboxPlugin(ventureSchema);

export type VentureModel = Model<VentureDocument>;

export function ventureModel(connection: Connection): VentureModel {
  return (
    (connection.models.Venture as VentureModel | undefined) ??
    connection.model<VentureDocument>('Venture', ventureSchema)
  );
}
