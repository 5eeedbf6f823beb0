import { outboxPlugin } from '@app/common';
import mongoose from 'mongoose';

export interface ContactMessageDocument {
  _id: mongoose.Types.ObjectId;
  name: string;
  email: string;
  subject: string;
  message: string;
  kind: 'contact' | 'enterprise';
  userId: string | null;
  /** Kept for abuse investigations; never shown in lists. */
  clientIp: string | null;
  createdAt: Date;
  deletedAt: Date | null;
}

const contactMessageSchema = new mongoose.Schema<ContactMessageDocument>(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    subject: { type: String, required: true },
    message: { type: String, required: true },
    kind: { type: String, enum: ['contact', 'enterprise'], required: true },
    userId: { type: String, default: null },
    clientIp: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'contact_messages', versionKey: false },
);
contactMessageSchema.plugin(outboxPlugin);
// The admin list's cursor pages, newest first (issue 18).
contactMessageSchema.index({ createdAt: -1, _id: -1 });

export type ContactMessageModel = mongoose.Model<ContactMessageDocument>;

export function contactMessageModel(connection: mongoose.Connection): ContactMessageModel {
  return (
    (connection.models.ContactMessage as ContactMessageModel | undefined) ??
    connection.model<ContactMessageDocument>('ContactMessage', contactMessageSchema)
  );
}
