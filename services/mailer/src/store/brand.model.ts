import mongoose from 'mongoose';

/**
 * Issue 19: the mailer's copy of each organization's brand, from `organization.updated` (DESIGN.md: read
 * models over events, no call per message). `_id` is the organization id. A deleted organization stays as a
 * tombstone (`deleted`), so a late `organization.updated` cannot bring it back.
 */
export interface BrandOrganizationDocument {
  _id: string;
  isActive: boolean;
  deleted: boolean;
  /** Null until an event with a brand (issue 19) arrived. */
  brand: {
    name: string;
    logoUrl: string | null;
    primaryColor: string;
    replyToEmail: string | null;
    customDomain: string | null;
  } | null;
  /** `occurredAt` of the event this copy comes from. */
  asOf: Date;
}

/** A membership, from `organization.member_changed`; `_id` is `<organization id>:<user id>`. */
export interface BrandMemberDocument {
  _id: string;
  organizationId: string;
  userId: string;
  /** Lowercased: e-mails are matched to their recipient by address. */
  email: string;
  member: boolean;
  /** When the membership was first seen (the most recent one decides the brand). */
  joinedAt: Date;
  asOf: Date;
}

const organizationSchema = new mongoose.Schema<BrandOrganizationDocument>(
  {
    _id: { type: String, required: true },
    isActive: { type: Boolean, required: true },
    deleted: { type: Boolean, default: false },
    brand: { type: mongoose.Schema.Types.Mixed, default: null },
    asOf: { type: Date, required: true },
  },
  { collection: 'brand_organizations', versionKey: false },
);

const memberSchema = new mongoose.Schema<BrandMemberDocument>(
  {
    _id: { type: String, required: true },
    organizationId: { type: String, required: true },
    userId: { type: String, required: true },
    email: { type: String, required: true },
    member: { type: Boolean, required: true },
    joinedAt: { type: Date, required: true },
    asOf: { type: Date, required: true },
  },
  { collection: 'brand_members', versionKey: false },
);
memberSchema.index({ email: 1 });

export type BrandOrganizationModel = mongoose.Model<BrandOrganizationDocument>;
export type BrandMemberModel = mongoose.Model<BrandMemberDocument>;

export function brandOrganizationModel(connection: mongoose.Connection): BrandOrganizationModel {
  return (
    (connection.models.BrandOrganization as BrandOrganizationModel | undefined) ??
    connection.model<BrandOrganizationDocument>('BrandOrganization', organizationSchema)
  );
}

export function brandMemberModel(connection: mongoose.Connection): BrandMemberModel {
  return (
    (connection.models.BrandMember as BrandMemberModel | undefined) ??
    connection.model<BrandMemberDocument>('BrandMember', memberSchema)
  );
}
