import mongoose from 'mongoose';

/**
 * One task change waiting for a recipient's daily digest. `_id` = `<event id>/<user id>`, so a redelivered
 * event adds nothing. `day` (YYYY-MM-DD, UTC) is the day the mailer received it: the digest of a day goes
 * out once that day is over, and a change received later falls into the next day's digest, never into
 * one already sent. Entries are removed a week after their digest went out.
 */
export interface DigestEntryDocument {
  _id: string;
  eventId: string;
  userId: string;
  /** The recipient's address as the event gave it. */
  to: string;
  day: string;
  ventureId: string;
  ventureName: string;
  taskTitle: string;
  fromStatus: string;
  toStatus: string;
  actorName: string;
  occurredAt: Date;
  /** When its digest was sent (or skipped because the user turned task e-mails off meanwhile). */
  digestedAt: Date | null;
}

const digestEntrySchema = new mongoose.Schema<DigestEntryDocument>(
  {
    _id: { type: String, required: true },
    eventId: { type: String, required: true },
    userId: { type: String, required: true },
    to: { type: String, required: true },
    day: { type: String, required: true },
    ventureId: { type: String, required: true },
    ventureName: { type: String, required: true },
    taskTitle: { type: String, required: true },
    fromStatus: { type: String, required: true },
    toStatus: { type: String, required: true },
    actorName: { type: String, required: true },
    occurredAt: { type: Date, required: true },
    digestedAt: { type: Date, default: null },
  },
  { collection: 'digest_entries', versionKey: false },
);
digestEntrySchema.index({ digestedAt: 1, day: 1, userId: 1 });

export type DigestEntryModel = mongoose.Model<DigestEntryDocument>;

export function digestEntryModel(connection: mongoose.Connection): DigestEntryModel {
  return (
    (connection.models.DigestEntry as DigestEntryModel | undefined) ??
    connection.model<DigestEntryDocument>('DigestEntry', digestEntrySchema)
  );
}
