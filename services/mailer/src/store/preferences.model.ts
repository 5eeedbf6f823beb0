import mongoose from 'mongoose';

/**
 * The mailer's copy of each user's notification preferences, built from
 * `user.notification_preferences_changed` (DESIGN.md: read models over events, no call per message).
 * `_id` is the auth user id; a user without a document has the defaults.
 */
export interface PreferencesDocument {
  _id: string;
  taskChanges: 'instant' | 'daily' | 'off';
  mentions: boolean;
  assignments: boolean;
  /** Issue 17; absent on copies kept before it (read as true). */
  reminders?: boolean;
  /** Absent on copies kept before the "Program updates" preference (read as true). */
  programUpdates?: boolean;
  /** `occurredAt` of the event this copy comes from: an older event arriving late changes nothing. */
  changedAt: Date;
}

const preferencesSchema = new mongoose.Schema<PreferencesDocument>(
  {
    _id: { type: String, required: true },
    taskChanges: { type: String, enum: ['instant', 'daily', 'off'], required: true },
    mentions: { type: Boolean, required: true },
    assignments: { type: Boolean, required: true },
    reminders: { type: Boolean },
    programUpdates: { type: Boolean },
    changedAt: { type: Date, required: true },
  },
  { collection: 'notification_preferences', versionKey: false },
);

export type PreferencesModel = mongoose.Model<PreferencesDocument>;

export function preferencesModel(connection: mongoose.Connection): PreferencesModel {
  return (
    (connection.models.NotificationPreferences as PreferencesModel | undefined) ??
    connection.model<PreferencesDocument>('NotificationPreferences', preferencesSchema)
  );
}
