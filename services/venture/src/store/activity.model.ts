import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { ACTIVITY_KINDS, type ActivityKind } from '@app/contracts';

/** One line of a venture's history, built from one of the venture's own events. */
export interface ActivityDocument {
  _id: Types.ObjectId;
  ventureId: string;
  /** The event it was built from: unique, so a redelivered event adds nothing. */
  eventId: string;
  kind: ActivityKind;
  actor: { userId: string; displayName: string };
  at: Date;
  details: Record<string, unknown>;
}

export const activitySchema = new Schema<ActivityDocument>(
  {
    ventureId: { type: String, required: true },
    eventId: { type: String, required: true },
    kind: { type: String, enum: ACTIVITY_KINDS, required: true },
    actor: {
      userId: { type: String, required: true },
      displayName: { type: String, required: true },
    },
    at: { type: Date, required: true },
    details: { type: Schema.Types.Mixed, required: true },
  },
  { collection: 'venture_activity', autoIndex: false, versionKey: false, strict: 'throw', minimize: false },
);

activitySchema.index({ eventId: 1 }, { unique: true });
// A venture's history, newest first, paged by (at, _id).
activitySchema.index({ ventureId: 1, at: -1, _id: -1 });

export type ActivityModel = Model<ActivityDocument>;

export function activityModel(connection: Connection): ActivityModel {
  return (
    (connection.models.VentureActivity as ActivityModel | undefined) ??
    connection.model<ActivityDocument>('VentureActivity', activitySchema)
  );
}
