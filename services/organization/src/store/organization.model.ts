import { Schema, type Connection, type Model, type Types } from 'mongoose';

export interface OrganizationDocument {
  _id: Types.ObjectId;
  name: string;
  slug: string;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  description: string | null;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const organizationSchema = new Schema<OrganizationDocument>(
  {
    name: { type: String, required: true },
    slug: { type: String, required: true },
    logoUrl: { type: String, default: null },
    primaryColor: { type: String, required: true },
    secondaryColor: { type: String, required: true },
    description: { type: String, default: null },
    isActive: { type: Boolean, default: true },
  },
  {
    collection: 'organizations',
    timestamps: true,
    // Indexes are created by the startup step (syncIndexes), never implicitly (DESIGN.md).
    autoIndex: false,
    versionKey: false,
    strict: 'throw',
  },
);

// Slugs are stored lowercased (validation allows nothing else), so a plain unique index is case-blind.
organizationSchema.index({ slug: 1 }, { unique: true });
// The admin list's cursor pages, newest first (issue 18).
organizationSchema.index({ createdAt: -1, _id: -1 });

export type OrganizationModel = Model<OrganizationDocument>;

export function organizationModel(connection: Connection): OrganizationModel {
  return (
    (connection.models.Organization as OrganizationModel | undefined) ??
    connection.model<OrganizationDocument>('Organization', organizationSchema)
  );
}
