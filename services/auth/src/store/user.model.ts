import { outboxPlugin, type EventEnvelope } from '@app/common';
import { LANGUAGES, type Language } from '@app/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** The stored document. Usernames are stored normalised (trimmed, lowercased) so the unique index is case-blind. */
export interface UserDocument {
  _id: Types.ObjectId;
  username: string;
  passwordHash: string;
  isAdmin: boolean;
  isActive: boolean;
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  department: string | null;
  phoneNumber: string | null;
  organizationId: string | null;
  /** SHA-256 (hex) of the pending password-reset token; the token itself is never stored. */
  resetTokenHash: string | null;
  resetTokenExpiresAt: Date | null;
  /** Null until the user changes one (the defaults apply). */
  notificationPreferences: {
    taskChanges: 'instant' | 'daily' | 'off';
    mentions: boolean;
    assignments: boolean;
    /** Issue 17; absent on preferences saved before it (read as true). */
    reminders?: boolean;
    /** Absent on preferences saved before the "Program updates" preference (read as true). */
    programUpdates?: boolean;
  } | null;
  /** Issue 19: the SSO identities linked to the account, each `<issuer> <subject>` (absent: none). */
  ssoKeys?: string[];
  /** Issue 21: the user's language; absent on users stored before it (read as 'en'). */
  language?: Language;
  /** Events waiting for the relay (added by outboxPlugin). */
  outbox: EventEnvelope[];
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const optionalText = { type: String, default: null };

export const userSchema = new Schema<UserDocument>(
  {
    username: { type: String, required: true },
    passwordHash: { type: String, required: true },
    isAdmin: { type: Boolean, default: false },
    isActive: { type: Boolean, default: true },
    firstName: optionalText,
    lastName: optionalText,
    jobTitle: optionalText,
    department: optionalText,
    phoneNumber: optionalText,
    organizationId: optionalText,
    resetTokenHash: optionalText,
    resetTokenExpiresAt: { type: Date, default: null },
    notificationPreferences: {
      type: new Schema(
        {
          taskChanges: { type: String, enum: ['instant', 'daily', 'off'], required: true },
          mentions: { type: Boolean, required: true },
          assignments: { type: Boolean, required: true },
          reminders: { type: Boolean },
          programUpdates: { type: Boolean },
        },
        { _id: false, strict: 'throw' },
      ),
      default: null,
    },
    ssoKeys: { type: [String], default: undefined },
    language: { type: String, enum: LANGUAGES },
  },
  {
    collection: 'users',
    timestamps: true,
    // Indexes are created by the startup step (syncIndexes), never implicitly (DESIGN.md).
    autoIndex: false,
    versionKey: false,
    strict: 'throw',
  },
);

// One account per address regardless of case: usernames are stored lowercased, so a plain unique index does it.
userSchema.index({ username: 1 }, { unique: true });
userSchema.index({ resetTokenHash: 1 });
userSchema.index({ organizationId: 1 });
// Issue 19: an SSO sign-in finds its account by (issuer, subject).
userSchema.index({ ssoKeys: 1 }, { sparse: true });
// The admin list's cursor pages, newest first (issue 18).
userSchema.index({ createdAt: -1, _id: -1 });

outboxPlugin(userSchema);

export type UserModel = Model<UserDocument>;

export function userModel(connection: Connection): UserModel {
  return (
    (connection.models.User as UserModel | undefined) ?? connection.model<UserDocument>('User', userSchema)
  );
}
