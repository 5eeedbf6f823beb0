import { outboxPlugin, type EventEnvelope } from '@app/common';
import { ORG_ROLES, ORGANIZATION_PLANS, type OrganizationPlan, type OrgRole } from '@app/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** A member of the organization (issue 18): who they are, as when they joined, and their one role. */
export interface OrgMemberDocument {
  userId: string;
  email: string;
  displayName: string;
  role: OrgRole;
  joinedAt: Date;
}

/** A pending invitation; only the SHA-256 of its link's token is kept. */
export interface OrgInvitationDocument {
  id: string;
  email: string;
  role: OrgRole;
  programId: string | null;
  tokenHash: string;
  invitedBy: { userId: string; displayName: string };
  sentAt: Date;
  expiresAt: Date;
}

/** A program (cohort) of the organization. */
export interface ProgramDocument {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  templateVersion: number | null;
  riskRules: {
    inactivityDays: number | null;
    overdueTasks: number | null;
    blockedDays: number | null;
    belowMedianPoints: number | null;
  };
  registrationOpen: boolean;
  archived: boolean;
  createdAt: Date;
}

/** An audit entry written in the same write as its change, moved into the audit collection right after. */
export interface PendingAuditDocument {
  id: string;
  action: string;
  actor: { userId: string; displayName: string };
  target: string;
  details: Record<string, unknown>;
  at: Date;
}

/** Issue 19: the organization's single sign-on connection; the client secret only sealed (AES-256-GCM). */
export interface SsoConnectionDocument {
  protocol: 'oidc' | 'saml';
  enabled: boolean;
  enforced: boolean;
  issuer: string;
  clientId: string;
  clientSecretSealed: string | null;
  domains: string[];
  defaultRole: 'founder' | 'mentor' | 'programManager';
  saml?: { ssoUrl: string; certificates: string[]; metadataUrl: string | null } | null;
  updatedAt: Date;
}

export interface OrganizationDocument {
  _id: Types.ObjectId;
  name: string;
  slug: string;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  description: string | null;
  isActive: boolean;
  /** Absent on organizations from before issue 18: Free. */
  plan?: OrganizationPlan;
  /** Issue 19, white label (absent on older organizations: none set). */
  displayName?: string | null;
  faviconUrl?: string | null;
  replyToEmail?: string | null;
  supportUrl?: string | null;
  termsUrl?: string | null;
  privacyUrl?: string | null;
  customDomain?: string | null;
  /**
   * Issue 19: when the organization's brand and members were published for the mailer's read model (set at
   * creation; absent on organizations from before issue 19 until the start-up backfill has run).
   */
  brandSyncedAt?: Date;
  members?: OrgMemberDocument[];
  invitations?: OrgInvitationDocument[];
  programs?: ProgramDocument[];
  /** When invitation e-mails were sent in the last hour (the per-organization rate limit). */
  invitationSends?: Date[];
  auditPending?: PendingAuditDocument[];
  sso?: SsoConnectionDocument | null;
  /** Bumped by every workspace write: a write names the revision it read (optimistic concurrency). */
  revision?: number;
  /** Events waiting for the relay (added by outboxPlugin). */
  outbox?: EventEnvelope[];
  deletedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const memberSchema = new Schema<OrgMemberDocument>(
  {
    userId: { type: String, required: true },
    email: { type: String, required: true },
    displayName: { type: String, required: true },
    role: { type: String, enum: ORG_ROLES, required: true },
    joinedAt: { type: Date, required: true },
  },
  { _id: false },
);

const invitationSchema = new Schema<OrgInvitationDocument>(
  {
    id: { type: String, required: true },
    email: { type: String, required: true },
    role: { type: String, enum: ORG_ROLES, required: true },
    programId: { type: String, default: null },
    tokenHash: { type: String, required: true },
    invitedBy: {
      userId: { type: String, required: true },
      displayName: { type: String, required: true },
    },
    sentAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { _id: false },
);

const programSchema = new Schema<ProgramDocument>(
  {
    id: { type: String, required: true },
    name: { type: String, required: true },
    startDate: { type: String, required: true },
    endDate: { type: String, required: true },
    templateVersion: { type: Number, default: null },
    riskRules: {
      inactivityDays: { type: Number, default: null },
      overdueTasks: { type: Number, default: null },
      blockedDays: { type: Number, default: null },
      belowMedianPoints: { type: Number, default: null },
    },
    registrationOpen: { type: Boolean, default: false },
    archived: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

const ssoConnectionSchema = new Schema<SsoConnectionDocument>(
  {
    protocol: { type: String, enum: ['oidc', 'saml'], required: true },
    enabled: { type: Boolean, required: true },
    enforced: { type: Boolean, required: true },
    issuer: { type: String, required: true },
    clientId: { type: String, default: '' },
    clientSecretSealed: { type: String, default: null },
    domains: { type: [String], default: [] },
    defaultRole: { type: String, enum: ['founder', 'mentor', 'programManager'], required: true },
    saml: {
      type: new Schema(
        {
          ssoUrl: { type: String, required: true },
          certificates: { type: [String], default: [] },
          metadataUrl: { type: String, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
    updatedAt: { type: Date, required: true },
  },
  { _id: false },
);

const pendingAuditSchema = new Schema<PendingAuditDocument>(
  {
    id: { type: String, required: true },
    action: { type: String, required: true },
    actor: {
      userId: { type: String, required: true },
      displayName: { type: String, required: true },
    },
    target: { type: String, required: true },
    details: { type: Schema.Types.Mixed, default: {} },
    at: { type: Date, required: true },
  },
  { _id: false, minimize: false },
);

export const organizationSchema = new Schema<OrganizationDocument>(
  {
    name: { type: String, required: true },
    slug: { type: String, required: true },
    logoUrl: { type: String, default: null },
    primaryColor: { type: String, required: true },
    secondaryColor: { type: String, required: true },
    description: { type: String, default: null },
    isActive: { type: Boolean, default: true },
    plan: { type: String, enum: ORGANIZATION_PLANS, default: 'free' },
    // Issue 19, white label.
    displayName: { type: String, default: null },
    faviconUrl: { type: String, default: null },
    replyToEmail: { type: String, default: null },
    supportUrl: { type: String, default: null },
    termsUrl: { type: String, default: null },
    privacyUrl: { type: String, default: null },
    customDomain: { type: String, default: null },
    brandSyncedAt: { type: Date },
    members: { type: [memberSchema], default: [] },
    invitations: { type: [invitationSchema], default: [] },
    programs: { type: [programSchema], default: [] },
    invitationSends: { type: [Date], default: [] },
    auditPending: { type: [pendingAuditSchema], default: [] },
    sso: { type: ssoConnectionSchema, default: null },
    revision: { type: Number, default: 0 },
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

outboxPlugin(organizationSchema);
// Slugs are stored lowercased (validation allows nothing else), so a plain unique index is case-blind.
organizationSchema.index({ slug: 1 }, { unique: true });
// "The organizations I am staff of" (the account menu), and an invitation link's organization.
organizationSchema.index({ 'members.userId': 1 });
organizationSchema.index({ 'invitations.tokenHash': 1 });
organizationSchema.index({ 'auditPending.0.at': 1 }, { sparse: true });
// Issue 19: a custom domain belongs to one organization at most (unset ones are not indexed), and the
// gateway looks organizations up by it.
organizationSchema.index(
  { customDomain: 1 },
  { unique: true, partialFilterExpression: { customDomain: { $type: 'string' } } },
);
// Issue 19: the SSO connection of an e-mail domain (sign-in and the password sign-in's enforcement check).
organizationSchema.index({ 'sso.domains': 1 }, { sparse: true });
// The admin list's cursor pages, newest first (issue 18).
organizationSchema.index({ createdAt: -1, _id: -1 });

export type OrganizationModel = Model<OrganizationDocument>;

export function organizationModel(connection: Connection): OrganizationModel {
  return (
    (connection.models.Organization as OrganizationModel | undefined) ??
    connection.model<OrganizationDocument>('Organization', organizationSchema)
  );
}
