import { Schema, type Connection, type Model } from 'mongoose';

/** One entry of an organization's audit log (issue 18). `_id` is the entry's id: a repeated move is a no-op. */
export interface OrgAuditDocument {
  _id: string;
  organizationId: string;
  action: string;
  actor: { userId: string; displayName: string };
  target: string;
  details: Record<string, unknown>;
  at: Date;
}

export const orgAuditSchema = new Schema<OrgAuditDocument>(
  {
    _id: { type: String, required: true },
    organizationId: { type: String, required: true },
    action: { type: String, required: true },
    actor: {
      userId: { type: String, required: true },
      displayName: { type: String, required: true },
    },
    target: { type: String, required: true },
    details: { type: Schema.Types.Mixed, default: {} },
    at: { type: Date, required: true },
  },
  { collection: 'organization_audit', autoIndex: false, versionKey: false, strict: 'throw', minimize: false },
);

// Newest first within an organization, `_id` breaking ties: the cursor pages' order.
orgAuditSchema.index({ organizationId: 1, at: -1, _id: -1 });

export type OrgAuditModel = Model<OrgAuditDocument>;

export function orgAuditModel(connection: Connection): OrgAuditModel {
  return (
    (connection.models.OrganizationAudit as OrgAuditModel | undefined) ??
    connection.model<OrgAuditDocument>('OrganizationAudit', orgAuditSchema)
  );
}

/**
 * The venture service's enrolments as this service counts them (`program.enrolment_changed`): one row per
 * program and founder, the newest event's state winning (a late duplicate or an older event changes nothing).
 */
export interface EnrolmentDocument {
  _id: string;
  organizationId: string;
  programId: string;
  userId: string;
  enrolled: boolean;
  at: Date;
}

export const enrolmentSchema = new Schema<EnrolmentDocument>(
  {
    _id: { type: String, required: true },
    organizationId: { type: String, required: true },
    programId: { type: String, required: true },
    userId: { type: String, required: true },
    enrolled: { type: Boolean, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'program_enrolments', autoIndex: false, versionKey: false, strict: 'throw' },
);
enrolmentSchema.index({ organizationId: 1, programId: 1, enrolled: 1 });

export type EnrolmentModel = Model<EnrolmentDocument>;

export function enrolmentModel(connection: Connection): EnrolmentModel {
  return (
    (connection.models.ProgramEnrolment as EnrolmentModel | undefined) ??
    connection.model<EnrolmentDocument>('ProgramEnrolment', enrolmentSchema)
  );
}
