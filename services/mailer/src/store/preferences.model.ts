import { LANGUAGES, type Language } from '@app/contracts';
import mongoose from 'mongoose';

/**
 * The mailer's copy of each user's notification preferences, built from
 * `user.notification_preferences_changed` (DESIGN.md: read models over events, no call per message), and
 * (issue 21) of their language and address from `user.registered`. `_id` is the auth user id; a user without
 * a document, or a field absent, has the default.
 */
export interface PreferencesDocument {
  _id: string;
  /** Absent on a copy only a registration wrote (the defaults then). */
  taskChanges?: 'instant' | 'daily' | 'off';
  mentions?: boolean;
  assignments?: boolean;
  /** Issue 17; absent on copies kept before it (read as true). */
  reminders?: boolean;
  /** Absent on copies kept before the "Program updates" preference (read as true). */
  programUpdates?: boolean;
  /** Issue 21: the language of the user's e-mails; absent on copies kept before it (read as English). */
  language?: Language;
  /**
   * Issue 21: the user's address (lowercased) from their registration, so an invitation to it is written in
   * their language. Absent for users registered before issue 21.
   */
  address?: string;
  /** `occurredAt` of that registration: of two users who held one address, the later one has it. */
  registeredAt?: Date;
  /** `occurredAt` of the event this copy comes from: an older event arriving late changes nothing. */
  changedAt: Date;
}

const preferencesSchema = new mongoose.Schema<PreferencesDocument>(
  {
    _id: { type: String, required: true },
    taskChanges: { type: String, enum: ['instant', 'daily', 'off'] },
    mentions: { type: Boolean },
    assignments: { type: Boolean },
    reminders: { type: Boolean },
    programUpdates: { type: Boolean },
    language: { type: String, enum: LANGUAGES },
    address: { type: String },
    registeredAt: { type: Date },
    changedAt: { type: Date, required: true },
  },
  { collection: 'notification_preferences', versionKey: false },
);

// Issue 21: an invitee's language, by address.
preferencesSchema.index({ address: 1 }, { sparse: true });

export type PreferencesModel = mongoose.Model<PreferencesDocument>;

export function preferencesModel(connection: mongoose.Connection): PreferencesModel {
  return (
    (connection.models.NotificationPreferences as PreferencesModel | undefined) ??
    connection.model<PreferencesDocument>('NotificationPreferences', preferencesSchema)
  );
}
