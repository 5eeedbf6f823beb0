import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A user's private calendar feed (issue 17): one per user, found by the SHA-256 of its URL's token (the
 * token itself is never stored). Regenerating replaces the hash, so the previous URL stops matching.
 */
export interface CalendarFeedDocument {
  _id: Types.ObjectId;
  /** The auth service's user id. */
  userId: string;
  /** SHA-256 of the URL's token, hex. */
  tokenHash: string;
  createdAt: Date;
  lastFetchedAt: Date | null;
}

const calendarFeedSchema = new Schema<CalendarFeedDocument>(
  {
    userId: { type: String, required: true },
    tokenHash: { type: String, required: true },
    createdAt: { type: Date, required: true },
    lastFetchedAt: { type: Date, default: null },
  },
  { collection: 'calendar_feeds', autoIndex: false, versionKey: false, strict: 'throw' },
);

// One feed per user (create and regenerate replace it); the public URL's lookup by hash.
calendarFeedSchema.index({ userId: 1 }, { unique: true });
calendarFeedSchema.index({ tokenHash: 1 }, { unique: true });

export type CalendarFeedModel = Model<CalendarFeedDocument>;

export function calendarFeedModel(connection: Connection): CalendarFeedModel {
  return (
    (connection.models.CalendarFeed as CalendarFeedModel | undefined) ??
    connection.model<CalendarFeedDocument>('CalendarFeed', calendarFeedSchema)
  );
}
