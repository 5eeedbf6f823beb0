import { outboxPlugin, type EventEnvelope } from '@app/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import {
  TASK_STATUSES,
  VENTURE_ROLES,
  type ReminderKind,
  type TaskStatus,
  type VentureRole,
} from '@app/contracts';

/** A task, embedded in its venture: the roadmap is read and changed as one document. */
export interface VentureTaskDocument {
  /** Unique across ventures (an ObjectId), indexed: the task PATCH finds its venture by it. */
  _id: Types.ObjectId;
  taskId: number;
  title: string;
  description: string;
  category: string;
  status: TaskStatus;
  /** A member's user id (an editor or owner), or null. */
  assigneeId: string | null;
  /** Issue 17: 'YYYY-MM-DD' or null (absent on tasks created before it). */
  startDate?: string | null;
  dueDate?: string | null;
  /** When it last became done; null while not done. */
  completedAt?: Date | null;
  /** Ids of tasks of the same venture that must be done first. */
  prerequisiteIds?: Types.ObjectId[];
  /**
   * Reminders sent: reminder kind → the due date it was sent for. The scheduler's write is conditional on
   * the kind's entry differing from the current due date, so a reminder goes out once per due date, and a
   * moved due date re-arms every kind.
   */
  remindedFor?: Partial<Record<ReminderKind, string>>;
  /**
   * The earliest calendar date (in the venture's zone) on which a reminder of the current due date may be
   * due and not sent yet; null when none is left (no due date, done, or every reminder sent). Indexed: the
   * scheduler's scan reads only the tasks it has to look at.
   */
  nextReminderOn?: string | null;
  /** Issue 18: when the status last changed (the "blocked for N days" risk rule). */
  statusChangedAt?: Date | null;
  /** Issue 18: the mentor who verified it while done; cleared when it leaves done. */
  verifiedBy?: { userId: string; displayName: string } | null;
  verifiedAt?: Date | null;
}

/** A member of the venture: who they are (as when they joined) and their role. */
export interface VentureMemberDocument {
  userId: string;
  email: string;
  displayName: string;
  role: VentureRole;
  joinedAt: Date;
}

/**
 * A pending invitation, embedded in its venture so that accepting it (the invitation gone, the member and
 * the event in) is one single-document write. Only the token's SHA-256 is kept.
 */
export interface VentureInvitationDocument {
  _id: Types.ObjectId;
  email: string;
  role: VentureRole;
  tokenHash: string;
  invitedBy: { userId: string; displayName: string };
  sentAt: Date;
  expiresAt: Date;
}

export interface VentureDocument {
  _id: Types.ObjectId;
  /** The auth service's user id (another service's id, so a string). */
  userId: string;
  ownerUsername: string;
  name: string;
  blurb: string;
  tasks: VentureTaskDocument[];
  /** Issue 17: an IANA zone; absent on ventures created before it (read as UTC). */
  timeZone?: string;
  /** Issue 17: 'YYYY-MM-DD' or null. */
  targetLaunchDate?: string | null;
  /** At least one owner. Absent only on ventures created before issue 16, until the startup migration. */
  members: VentureMemberDocument[];
  invitations: VentureInvitationDocument[];
  /**
   * Issue 20: the Idempotency-Key of the request that created it, when it had one; unique per creator, so a
   * repeated request finds the first venture instead of making a second. Absent on ventures created before.
   */
  creationKey?: string;
  /**
   * Issue 20: the name's hash with the second of creation and the next one; unique per creator, so the same
   * name created again less than a second later (even racing) finds the first venture.
   */
  nameWindowKeys?: string[];
  /**
   * Issue 18: the organization template version the roadmap follows (its tasks' titles, order and guides
   * come from it); absent: the master list.
   */
  template?: { organizationId: string; version: number } | null;
  /**
   * Issue 18: tasks a newer template version hid, kept with their status, dates and assignee should a later
   * version show them again. Never read as part of the roadmap.
   */
  parkedTasks?: VentureTaskDocument[];
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
    assigneeId: { type: String, default: null },
    startDate: { type: String, default: null },
    dueDate: { type: String, default: null },
    completedAt: { type: Date, default: null },
    prerequisiteIds: { type: [Schema.Types.ObjectId], default: [] },
    remindedFor: {
      due_in_7_days: { type: String },
      due_tomorrow: { type: String },
      overdue: { type: String },
    },
    nextReminderOn: { type: String, default: null },
    statusChangedAt: { type: Date, default: null },
    verifiedBy: {
      type: new Schema(
        { userId: { type: String, required: true }, displayName: { type: String, required: true } },
        { _id: false, versionKey: false },
      ),
      default: null,
    },
    verifiedAt: { type: Date, default: null },
  },
  { _id: true, versionKey: false },
);

const memberSchema = new Schema<VentureMemberDocument>(
  {
    userId: { type: String, required: true },
    email: { type: String, required: true },
    displayName: { type: String, required: true },
    role: { type: String, enum: VENTURE_ROLES, required: true },
    joinedAt: { type: Date, required: true },
  },
  { _id: false, versionKey: false },
);

const invitationSchema = new Schema<VentureInvitationDocument>(
  {
    email: { type: String, required: true },
    role: { type: String, enum: VENTURE_ROLES, required: true },
    tokenHash: { type: String, required: true },
    invitedBy: {
      userId: { type: String, required: true },
      displayName: { type: String, required: true },
    },
    sentAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
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
    timeZone: { type: String, default: 'UTC' },
    targetLaunchDate: { type: String, default: null },
    // No default: a venture without `members` is one the startup migration has not reached yet.
    members: { type: [memberSchema], default: undefined },
    invitations: { type: [invitationSchema], default: [] },
    creationKey: { type: String },
    nameWindowKeys: { type: [String], default: undefined },
    template: {
      type: new Schema(
        { organizationId: { type: String, required: true }, version: { type: Number, required: true } },
        { _id: false, versionKey: false },
      ),
      default: undefined,
    },
    parkedTasks: { type: [taskSchema], default: undefined },
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
// The admin list's cursor pages, newest first (issue 18).
ventureSchema.index({ createdAt: -1, _id: -1 });
// PATCH /api/venture-tasks/{id}: a multikey index over the embedded tasks' ids.
ventureSchema.index({ 'tasks._id': 1 });
// Every venture a user can open (the list, the home redirect, the account grid).
ventureSchema.index({ 'members.userId': 1, createdAt: 1 });
// A repeated creation request (issue 20): one venture per creator and creation key.
ventureSchema.index(
  { userId: 1, creationKey: 1 },
  { unique: true, partialFilterExpression: { creationKey: { $exists: true } } },
);
ventureSchema.index(
  { userId: 1, nameWindowKeys: 1 },
  { unique: true, partialFilterExpression: { nameWindowKeys: { $exists: true } } },
);
// An invitation link's token, by its hash.
ventureSchema.index({ 'invitations.tokenHash': 1 });
// The reminder scheduler's scan (issue 17): only tasks with a reminder that may be due by a given date.
ventureSchema.index({ 'tasks.nextReminderOn': 1 });

outboxPlugin(ventureSchema);

export type VentureModel = Model<VentureDocument>;

export function ventureModel(connection: Connection): VentureModel {
  return (
    (connection.models.Venture as VentureModel | undefined) ??
    connection.model<VentureDocument>('Venture', ventureSchema)
  );
}
