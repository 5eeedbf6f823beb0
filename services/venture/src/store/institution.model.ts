import { outboxPlugin, type EventEnvelope } from '@app/common';
import {
  ORG_ROLES,
  ORGANIZATION_PLANS,
  PROGRAM_VISIBILITIES,
  type OrganizationPlan,
  type OrgRole,
  type ProgramVisibility,
  type RiskRules,
} from '@app/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/*
 * Issue 18: the read models the venture service keeps from the organization service's events, and what it
 * owns about institutions itself (enrolments, weekly snapshots, export audits). Every read-model entry
 * carries `asOf`, the `occurredAt` of the event that last wrote it: an older event (redelivered late) never
 * overwrites a newer state. The ids of applied events are kept too, so a redelivery is a no-op.
 */

export interface OrgReadDocument {
  /** The organization service's id. */
  _id: string;
  slug: string;
  name: string;
  plan: OrganizationPlan;
  isActive: boolean;
  /** Deleted organizations stay as a tombstone (so a late `organization.updated` cannot revive them). */
  deleted: boolean;
  asOf: Date;
}

export interface OrgMemberReadDocument {
  /** `<organizationId>:<userId>`. */
  _id: string;
  organizationId: string;
  userId: string;
  email: string;
  displayName: string;
  /** null: they left (a tombstone, for the same reason as above). */
  role: OrgRole | null;
  asOf: Date;
}

export interface ProgramReadDocument {
  _id: string;
  organizationId: string;
  name: string;
  startDate: string;
  endDate: string;
  templateVersion: number | null;
  riskRules: RiskRules;
  registrationOpen: boolean;
  archived: boolean;
  asOf: Date;
}

export interface AppliedEventDocument {
  /** The event id. */
  _id: string;
  type: string;
  appliedAt: Date;
}

/**
 * A deleted account (`user.deleted`): an organization event about them that arrives late (published before
 * the deletion, relayed after it) must not enrol them again, nor may they be assigned as a mentor.
 */
export interface DeletedUserDocument {
  /** The auth user id. */
  _id: string;
  deletedAt: Date;
}

export interface MentorDocument {
  userId: string;
  email: string;
  displayName: string;
}

export interface EnrolmentDocument {
  _id: Types.ObjectId;
  programId: string;
  organizationId: string;
  userId: string;
  founderEmail: string;
  founderName: string;
  /** The venture the program follows; null until the founder creates or picks one. */
  ventureId: string | null;
  visibility: ProgramVisibility;
  enrolledAt: Date;
  /** null while enrolled. */
  leftAt: Date | null;
  mentors: MentorDocument[];
  /** The `program.founder_enrolled` events applied (a redelivered one never re-enrols a founder who left). */
  enrolEventIds: string[];
  /** The venture is in an at-risk episode that was reported (`venture.at_risk` sent once per episode). */
  riskReported: boolean;
  outbox: EventEnvelope[];
  deletedAt: Date | null;
}

export interface CohortSnapshotDocument {
  /** `<programId>:<weekStart>`: one per program and week, whichever replica takes it first. */
  _id: string;
  programId: string;
  /** Monday, 'YYYY-MM-DD' (UTC). */
  weekStart: string;
  medianProgress: number;
  ventureCount: number;
  takenAt: Date;
  /** The week's digests to program managers and org admins, written with the snapshot. */
  outbox: EventEnvelope[];
  deletedAt: Date | null;
}

/** A cohort export, kept for its audit event (`organization.audit_recorded`, `cohort.exported`). */
export interface CohortExportDocument {
  _id: Types.ObjectId;
  organizationId: string;
  programId: string;
  actorId: string;
  at: Date;
  outbox: EventEnvelope[];
  deletedAt: Date | null;
}

const readModelOptions = { autoIndex: false, versionKey: false } as const;

const orgSchema = new Schema<OrgReadDocument>(
  {
    _id: { type: String, required: true },
    slug: { type: String, required: true },
    name: { type: String, required: true },
    plan: { type: String, enum: ORGANIZATION_PLANS, required: true },
    isActive: { type: Boolean, required: true },
    deleted: { type: Boolean, default: false },
    asOf: { type: Date, required: true },
  },
  { ...readModelOptions, collection: 'institution_organizations' },
);
orgSchema.index({ slug: 1 });

const memberSchema = new Schema<OrgMemberReadDocument>(
  {
    _id: { type: String, required: true },
    organizationId: { type: String, required: true },
    userId: { type: String, required: true },
    email: { type: String, required: true },
    displayName: { type: String, required: true },
    role: { type: String, enum: [...ORG_ROLES, null], default: null },
    asOf: { type: Date, required: true },
  },
  { ...readModelOptions, collection: 'institution_members' },
);
memberSchema.index({ userId: 1 });
memberSchema.index({ organizationId: 1, role: 1 });

const riskRulesSchema = new Schema<RiskRules>(
  {
    inactivityDays: { type: Number, default: null },
    overdueTasks: { type: Number, default: null },
    blockedDays: { type: Number, default: null },
    belowMedianPoints: { type: Number, default: null },
  },
  { _id: false, versionKey: false },
);

const programSchema = new Schema<ProgramReadDocument>(
  {
    _id: { type: String, required: true },
    organizationId: { type: String, required: true },
    name: { type: String, required: true },
    startDate: { type: String, required: true },
    endDate: { type: String, required: true },
    templateVersion: { type: Number, default: null },
    riskRules: { type: riskRulesSchema, required: true },
    registrationOpen: { type: Boolean, required: true },
    archived: { type: Boolean, required: true },
    asOf: { type: Date, required: true },
  },
  { ...readModelOptions, collection: 'institution_programs' },
);
programSchema.index({ organizationId: 1 });
programSchema.index({ archived: 1 });

const appliedEventSchema = new Schema<AppliedEventDocument>(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    appliedAt: { type: Date, required: true },
  },
  { ...readModelOptions, collection: 'institution_applied_events' },
);

const deletedUserSchema = new Schema<DeletedUserDocument>(
  {
    _id: { type: String, required: true },
    deletedAt: { type: Date, required: true },
  },
  { ...readModelOptions, collection: 'institution_deleted_users' },
);

const mentorSchema = new Schema<MentorDocument>(
  {
    userId: { type: String, required: true },
    email: { type: String, required: true },
    displayName: { type: String, required: true },
  },
  { _id: false, versionKey: false },
);

const enrolmentSchema = new Schema<EnrolmentDocument>(
  {
    programId: { type: String, required: true },
    organizationId: { type: String, required: true },
    userId: { type: String, required: true },
    founderEmail: { type: String, required: true },
    founderName: { type: String, required: true },
    ventureId: { type: String, default: null },
    visibility: { type: String, enum: PROGRAM_VISIBILITIES, required: true, default: 'full' },
    enrolledAt: { type: Date, required: true },
    leftAt: { type: Date, default: null },
    mentors: { type: [mentorSchema], default: [] },
    enrolEventIds: { type: [String], default: [] },
    riskReported: { type: Boolean, default: false },
  },
  { collection: 'enrolments', autoIndex: false, versionKey: false, strict: 'throw' },
);
// One enrolment per founder and program (leaving and re-enrolling reuse it).
enrolmentSchema.index({ programId: 1, userId: 1 }, { unique: true });
// A cohort: its enrolled ventures.
enrolmentSchema.index({ programId: 1, leftAt: 1 });
// A venture's program (the venture page, staff access).
enrolmentSchema.index({ ventureId: 1, leftAt: 1 });
// A founder's enrolments; a mentor's ventures.
enrolmentSchema.index({ userId: 1 });
enrolmentSchema.index({ 'mentors.userId': 1 });
outboxPlugin(enrolmentSchema);

const snapshotSchema = new Schema<CohortSnapshotDocument>(
  {
    _id: { type: String, required: true },
    programId: { type: String, required: true },
    weekStart: { type: String, required: true },
    medianProgress: { type: Number, required: true },
    ventureCount: { type: Number, required: true },
    takenAt: { type: Date, required: true },
  },
  { collection: 'cohort_snapshots', autoIndex: false, versionKey: false },
);
snapshotSchema.index({ programId: 1, weekStart: 1 });
outboxPlugin(snapshotSchema);

const exportSchema = new Schema<CohortExportDocument>(
  {
    organizationId: { type: String, required: true },
    programId: { type: String, required: true },
    actorId: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'cohort_exports', autoIndex: false, versionKey: false },
);
outboxPlugin(exportSchema);

function modelOf<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
}

export interface InstitutionModels {
  InstitutionOrganization: Model<OrgReadDocument>;
  InstitutionMember: Model<OrgMemberReadDocument>;
  InstitutionProgram: Model<ProgramReadDocument>;
  InstitutionAppliedEvent: Model<AppliedEventDocument>;
  InstitutionDeletedUser: Model<DeletedUserDocument>;
  Enrolment: Model<EnrolmentDocument>;
  CohortSnapshot: Model<CohortSnapshotDocument>;
  CohortExport: Model<CohortExportDocument>;
}

export function institutionModels(connection: Connection): InstitutionModels {
  return {
    InstitutionOrganization: modelOf(connection, 'InstitutionOrganization', orgSchema),
    InstitutionMember: modelOf(connection, 'InstitutionMember', memberSchema),
    InstitutionProgram: modelOf(connection, 'InstitutionProgram', programSchema),
    InstitutionAppliedEvent: modelOf(connection, 'InstitutionAppliedEvent', appliedEventSchema),
    InstitutionDeletedUser: modelOf(connection, 'InstitutionDeletedUser', deletedUserSchema),
    Enrolment: modelOf(connection, 'Enrolment', enrolmentSchema),
    CohortSnapshot: modelOf(connection, 'CohortSnapshot', snapshotSchema),
    CohortExport: modelOf(connection, 'CohortExport', exportSchema),
  };
}
