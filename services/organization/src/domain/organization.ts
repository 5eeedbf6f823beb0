import {
  AppError,
  createEvent,
  type CursorPage,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@app/common';
import type {
  Organization,
  OrganizationPlan,
  OrgAuditAction,
  OrgRole,
  PageRequest,
  RiskRules,
  SsoDefaultRole,
  SsoProtocol,
  SamlCertificateSummary,
  User,
} from '@app/contracts';

import { DomainTakenError, eventBrandOf, whiteLabelErrors, type WhiteLabelRecord } from './white-label.ts';

export { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '@app/contracts';

/** A member of an organization (issue 18): one role per person. */
export interface OrgMemberRecord {
  userId: string;
  /** Lowercased. */
  email: string;
  /** "First Last", else the e-mail address; as when they joined. */
  displayName: string;
  role: OrgRole;
  joinedAt: Date;
}

/** A pending (or expired, not yet dropped) invitation; only the SHA-256 of its token is kept. */
export interface OrgInvitationRecord {
  id: string;
  /** Trimmed and lowercased. */
  email: string;
  role: OrgRole;
  /** A founder invitation's program; null for staff. */
  programId: string | null;
  tokenHash: string;
  invitedBy: { userId: string; displayName: string };
  sentAt: Date;
  expiresAt: Date;
}

export interface ProgramRecord {
  id: string;
  name: string;
  /** 'YYYY-MM-DD'. */
  startDate: string;
  endDate: string;
  templateVersion: number | null;
  riskRules: RiskRules;
  registrationOpen: boolean;
  archived: boolean;
  createdAt: Date;
}

/** An entry of the organization audit log. */
export interface AuditRecord {
  id: string;
  action: OrgAuditAction;
  actor: { userId: string; displayName: string };
  target: string;
  details: Record<string, unknown>;
  at: Date;
}

/** Issue 19: an organization's SSO connection as stored (the secret only sealed). */
export interface SsoConnectionRecord {
  protocol: SsoProtocol;
  enabled: boolean;
  enforced: boolean;
  issuer: string;
  clientId: string;
  clientSecretSealed: string | null;
  /** Lowercased; unique across organizations. */
  domains: string[];
  defaultRole: SsoDefaultRole;
  /** SAML only (`issuer` is the identity provider's entity id; no client id or secret). */
  saml: SamlConnectionRecord | null;
  updatedAt: Date;
}

/** Issue 19: what a SAML connection keeps from the identity provider's metadata. */
export interface SamlConnectionRecord {
  ssoUrl: string;
  /** PEM, the identity provider's signing certificates. */
  certificates: string[];
  metadataUrl: string | null;
}

/** An organization as the store holds it (issue 19: with its white-label fields). */
export interface OrganizationRecord extends WhiteLabelRecord {
  id: string;
  name: string;
  /** Lowercase and URL-safe; unique. The branded page lives at /org/{slug}. */
  slug: string;
  logoUrl: string | null;
  /** `#RRGGBB`. */
  primaryColor: string;
  secondaryColor: string;
  description: string | null;
  isActive: boolean;
  plan: OrganizationPlan;
  members: OrgMemberRecord[];
  invitations: OrgInvitationRecord[];
  programs: ProgramRecord[];
  /** When invitation e-mails went out recently (the per-organization hourly limit). */
  invitationSends: Date[];
  /** Issue 19: its single sign-on connection, if any. */
  sso: SsoConnectionRecord | null;
  /** Bumped by every write through `commit`: a write names the revision it read. */
  revision: number;
  createdAt: Date;
}

export interface NewOrganization extends WhiteLabelRecord {
  name: string;
  slug: string;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  description: string | null;
  isActive: boolean;
  plan: OrganizationPlan;
}

export type OrganizationChanges = Partial<NewOrganization>;

/** What a workspace write may set: fields of the organization and its embedded lists. */
export type WorkspaceChanges = Partial<
  Pick<
    OrganizationRecord,
    | 'name'
    | 'slug'
    | 'logoUrl'
    | 'primaryColor'
    | 'secondaryColor'
    | 'description'
    | 'isActive'
    | 'plan'
    | 'members'
    | 'invitations'
    | 'programs'
    | 'invitationSends'
    | keyof WhiteLabelRecord
    | 'sso'
  >
> & {
  /** Issue 19: the brand backfill's mark. */
  brandSyncedAt?: Date;
};

/** Thrown by the store when a slug is already taken (the unique index said so). */
export class SlugTakenError extends Error {
  constructor() {
    super('slug taken');
    this.name = 'SlugTakenError';
  }
}

export type OutboxEvent = EventEnvelope;

export interface OrganizationRepository {
  isValidId(id: string): boolean;
  newId(): string;
  findById(id: string): Promise<OrganizationRecord | null>;
  findBySlug(slug: string): Promise<OrganizationRecord | null>;
  /** Issue 19: the live organization with this custom domain (lowercase), if any. */
  findByCustomDomain(host: string): Promise<OrganizationRecord | null>;
  /** Issue 19: live organizations whose brand was never published for the mailer (from before issue 19). */
  listBrandUnsynced(limit: number): Promise<OrganizationRecord[]>;
  /** Issue 19: the live organization whose SSO connection lists this (lowercased) e-mail domain. */
  findBySsoDomain(domain: string): Promise<OrganizationRecord | null>;
  /** Issue 19: the organizations with a sealed SSO secret (re-sealed under the current key at start). */
  listWithSso(): Promise<OrganizationRecord[]>;
  /** Organizations where `userId` is a member (any role). */
  listByMember(userId: string): Promise<OrganizationRecord[]>;
  findByInvitationTokenHash(tokenHash: string): Promise<OrganizationRecord | null>;
  /** Every live organization, oldest first, WITHOUT its members, invitations and programs (empty lists). */
  list(): Promise<OrganizationRecord[]>;
  /** A page of organizations, newest first, searched by name (`@app/common` paging): the admin list. */
  listPage(page: PageRequest): Promise<CursorPage<OrganizationRecord>>;
  /** The organizations with these ids (unknown ones are absent). */
  findByIds(ids: readonly string[]): Promise<OrganizationRecord[]>;
  /** Throws SlugTakenError on a duplicate slug. The events go into its outbox in the same write. */
  create(id: string, organization: NewOrganization, events: OutboxEvent[]): Promise<OrganizationRecord>;
  /**
   * The one workspace write: sets `changes`, pushes `events` into the outbox and `audit` into the pending
   * audit entries, and bumps the revision, in ONE single-document write, only if the document is still at
   * `revision` (false otherwise: someone wrote in between, read again). Throws SlugTakenError.
   */
  commit(
    id: string,
    revision: number,
    changes: WorkspaceChanges,
    writes: { events: OutboxEvent[]; audit?: AuditRecord[] },
  ): Promise<boolean>;
  /** Marks it deleted with its event (the relay removes it once the event is out); false when unknown. */
  markDeleted(id: string, events: OutboxEvent[]): Promise<boolean>;
}

/** The organization audit log (its own collection; entries arrive from the organizations' writes). */
export interface AuditRepository {
  /** Moves the entries written with an organization's changes into the log (idempotent by entry id). */
  flushPending(organizationId?: string): Promise<void>;
  /** Adds an entry recorded elsewhere (idempotent by id). */
  add(organizationId: string, entry: AuditRecord): Promise<void>;
  /** Newest first; `after` is the last entry of the previous page. */
  page(
    organizationId: string,
    opts: { after: { at: Date; id: string } | null; limit: number },
  ): Promise<AuditRecord[]>;
}

/** Enrolled founders per program, as the venture service reports them. */
export interface EnrolmentRepository {
  /** Applies an enrolment change unless a newer one for the same program and founder is recorded. */
  record(input: {
    organizationId: string;
    programId: string;
    userId: string;
    enrolled: boolean;
    at: Date;
  }): Promise<void>;
  /** Program id → enrolled founders. */
  counts(organizationId: string): Promise<Record<string, number>>;
}

/** A user as the auth service answers it (`userSchema` of `@app/contracts`). */
export type MemberView = User;

/** Who a user is, for members, events and the audit log. */
export interface UserProfile {
  userId: string;
  email: string;
  displayName: string;
  isAdmin: boolean;
  isActive: boolean;
}

/** The auth service as this service needs it (users are auth's data). */
export interface MemberDirectory {
  /** Creates the account with the organization recorded; auth's 400/409 answers pass through. */
  createMember(
    input: { username: string; password: string; organizationId: string },
    correlationId: string,
  ): Promise<MemberView>;
  /** Number of users per organization id (organizations without users are absent). */
  countByOrganization(correlationId: string): Promise<Record<string, number>>;
  /** The user now (their admin flag fresh), or null when there is no such user. */
  profileOf(userId: string, correlationId: string): Promise<UserProfile | null>;
}

/** The venture service's organization templates as this service needs them (templates are its data). */
export interface TemplateCatalog {
  /** The numbers of the organization's published template versions; throws when the venture service cannot answer. */
  publishedVersions(organizationId: string, correlationId: string): Promise<number[]>;
}

export interface OrganizationContext {
  organizations: OrganizationRepository;
  members: MemberDirectory;
  /** Issue 18: checks the template version a program pins. */
  templates: TemplateCatalog;
  audit: AuditRepository;
  enrolments: EnrolmentRepository;
  invitations: {
    /** Where users reach the app (invitation links). */
    publicUrl: string;
    /** Seals an accept link for its event (the mailer opens it). */
    seal(text: string): string;
  };
  /** Issue 19: seals and opens SSO client secrets, and runs OIDC discovery ("Test connection"). */
  sso: SsoServices;
  clock: () => Date;
}

/** Issue 19: what the SSO use cases need besides storage. */
export interface SsoServices {
  /** Where users reach the platform: the redirect URI is `${publicUrl}/api/sso/callback`. */
  publicUrl: string;
  seal(secret: string): string;
  /** The secret, or null when it was sealed under none of the configured keys (or tampered with). */
  open(sealed: string): string | null;
  /** Whether it was sealed under the current key (else it is re-sealed at start). */
  sealedWithCurrentKey(sealed: string): boolean;
  discover(issuer: string): Promise<SsoDiscovery>;
  /** SAML metadata, pasted or fetched, read and checked (throws `SamlMetadataError` with what is wrong). */
  samlMetadata(source: { xml: string } | { url: string }): Promise<SamlMetadataFound>;
  /** What the stored certificates are (subject, validity, fingerprint). */
  summarizeCertificates(pems: readonly string[]): SamlCertificateSummary[];
}

/** SAML metadata that cannot be used, with what an IT administrator should fix. */
export class SamlMetadataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SamlMetadataError';
  }
}

export interface SamlMetadataFound {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
  summaries: SamlCertificateSummary[];
}

export interface SsoDiscovery {
  issuer: string;
  authorizationEndpoint: string | null;
  tokenEndpoint: string | null;
  jwksUri: string | null;
  endSessionEndpoint: string | null;
}

/** Who is calling, for events and logs. */
export interface Caller {
  correlationId: string;
}

/** An organization as the internal calls answer it (`organizationSchema` of `@app/contracts`). */
export type OrganizationView = Organization;

export function toOrganizationView(org: OrganizationRecord): OrganizationView {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    logoUrl: org.logoUrl,
    primaryColor: org.primaryColor,
    secondaryColor: org.secondaryColor,
    description: org.description,
    isActive: org.isActive,
    plan: org.plan,
    displayName: org.displayName,
    faviconUrl: org.faviconUrl,
    replyToEmail: org.replyToEmail,
    supportUrl: org.supportUrl,
    termsUrl: org.termsUrl,
    privacyUrl: org.privacyUrl,
    customDomain: org.customDomain,
    createdAt: org.createdAt.toISOString(),
  };
}

export function organizationEvent<T extends EventType>(
  ctx: Pick<OrganizationContext, 'clock'>,
  caller: Caller,
  type: T,
  data: EventData<T>,
): EventEnvelope<T> {
  return createEvent(type, data, {
    producer: 'organization',
    correlationId: caller.correlationId,
    occurredAt: ctx.clock(),
  });
}

/** `organization.updated` with the organization's state after a change. */
export function organizationUpdated(
  ctx: Pick<OrganizationContext, 'clock'>,
  caller: Caller,
  org: Pick<OrganizationRecord, 'id' | 'slug' | 'name' | 'plan' | 'isActive' | 'logoUrl' | 'primaryColor'> &
    WhiteLabelRecord,
): EventEnvelope<'organization.updated'> {
  return organizationEvent(ctx, caller, 'organization.updated', {
    organizationId: org.id,
    slug: org.slug,
    name: org.name,
    plan: org.plan,
    isActive: org.isActive,
    brand: eventBrandOf(org),
  });
}

export const organizationErrors = {
  notFound: () => AppError.notFound('Organization not found', 'ORGANIZATION.NOT_FOUND'),
  slugTaken: () =>
    AppError.conflict('An organization with this slug already exists', 'ORGANIZATION.SLUG_TAKEN'),
  hasUsers: (count: number) =>
    AppError.conflict(
      `This organization has ${count} user${count === 1 ? '' : 's'} and cannot be deleted. ` +
        'Remove its users first, or mark it inactive instead.',
      'ORGANIZATION.HAS_USERS',
    ),
  /** Many writers at once kept changing it under this one (retried a few times first). */
  busy: () => AppError.unavailable('The organization is being changed by others. Please try again.'),
};

export async function rethrowSlugTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof SlugTakenError) throw organizationErrors.slugTaken();
    if (error instanceof DomainTakenError) throw whiteLabelErrors.domainTaken();
    throw error;
  }
}
