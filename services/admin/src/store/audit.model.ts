import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface AuditDocument {
  _id: Types.ObjectId;
  actorId: string;
  actorUsername: string;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  outcome: string;
  errorCode: string | null;
  at: Date;
}

export const auditSchema = new Schema<AuditDocument>(
  {
    actorId: { type: String, required: true },
    actorUsername: { type: String, required: true },
    action: { type: String, required: true },
    targetType: { type: String, required: true },
    targetId: { type: String, default: null },
    details: { type: Schema.Types.Mixed, default: {} },
    outcome: { type: String, required: true },
    errorCode: { type: String, default: null },
    at: { type: Date, required: true },
  },
  {
    collection: 'audit_log',
    // Indexes are created by the startup step (syncIndexes), never implicitly (DESIGN.md).
    autoIndex: false,
    versionKey: false,
    strict: 'throw',
    minimize: false,
  },
);

auditSchema.index({ at: -1, _id: -1 });

export type AuditModel = Model<AuditDocument>;

export function auditModel(connection: Connection): AuditModel {
  return (
    (connection.models.AuditEntry as AuditModel | undefined) ??
    connection.model<AuditDocument>('AuditEntry', auditSchema)
  );
}
