import mongoose from 'mongoose';

/**
 * The sent-log: one document per e-mail (`_id` = `<event id>/<kind>`, unique by construction). `sending`
 * is a claim held by one delivery while it talks to SMTP; `sent` means the SMTP server accepted it.
 */
export interface SentMailDocument {
  _id: string;
  eventId: string;
  kind: string;
  to: string;
  subject: string;
  state: 'sending' | 'sent';
  /** Which delivery holds the claim (a random id per attempt). */
  claimId: string;
  claimedAt: Date;
  sentAt: Date | null;
  messageId: string | null;
}

const sentMailSchema = new mongoose.Schema<SentMailDocument>(
  {
    _id: { type: String, required: true },
    eventId: { type: String, required: true },
    kind: { type: String, required: true },
    to: { type: String, required: true },
    subject: { type: String, required: true },
    state: { type: String, enum: ['sending', 'sent'], required: true },
    claimId: { type: String, required: true },
    claimedAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
    messageId: { type: String, default: null },
  },
  { collection: 'sent_mails', versionKey: false },
);
sentMailSchema.index({ eventId: 1 });
sentMailSchema.index({ sentAt: -1 });

export type SentMailModel = mongoose.Model<SentMailDocument>;

export function sentMailModel(connection: mongoose.Connection): SentMailModel {
  return (
    (connection.models.SentMail as SentMailModel | undefined) ??
    connection.model<SentMailDocument>('SentMail', sentMailSchema)
  );
}
