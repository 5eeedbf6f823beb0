import { AppError } from '@app/common';
import {
  canInOrg,
  effectiveOrgRole,
  isOrgStaff,
  type EventPerson,
  type OrgAction,
  type OrgAuditAction,
  type OrgInvitation,
  type OrgMember,
  type OrgRole,
  type Program,
} from '@app/contracts';
import {
  organizationErrors,
  type AuditRecord,
  type Caller,
  type OrganizationContext,
  type OrganizationRecord,
  type OrgInvitationRecord,
  type OrgMemberRecord,
  type OutboxEvent,
  type ProgramRecord,
  type UserProfile,
  type WorkspaceChanges,
} from './organization.ts';

/*
 * Issue 18's workspace rules shared by its use cases: who the caller is in an organization (the one policy
 * of the contracts decides), and the read-decide-write loop every change goes through.
 */

/** The caller in one organization: their profile (fresh from auth) and the role they act with. */
export interface Actor {
  userId: string;
  profile: UserProfile;
  /** Their membership's role, or null. */
  memberRole: OrgRole | null;
  /** What they act as: orgAdmin for a platform administrator. */
  role: OrgRole;
}

export const workspaceErrors = {
  forbidden: () =>
    AppError.forbidden(
      'You do not have permission to do this in this organization.',
      'ORGANIZATION.FORBIDDEN',
    ),
  memberNotFound: () => AppError.notFound('Member not found', 'ORGANIZATION.MEMBER_NOT_FOUND'),
  lastAdmin: () =>
    AppError.conflict(
      'An organization needs at least one organization admin. Make someone else an organization admin first.',
      'ORGANIZATION.LAST_ADMIN',
    ),
  alreadyMember: (email: string) =>
    AppError.conflict(`${email} is already a member of this organization.`, 'ORGANIZATION.ALREADY_MEMBER'),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(
      'ORGANIZATION.RATE_LIMITED',
      429,
      'Too many invitations sent from this organization in the last hour. Please try again later.',
      { headers: { 'Retry-After': String(retryAfterSeconds) } },
    ),
  invitationNotFound: () => AppError.notFound('Invitation not found', 'INVITATION.NOT_FOUND'),
  invitationInvalid: () =>
    AppError.notFound(
      'This invitation link is invalid or has expired. Ask the organization for a new one.',
      'INVITATION.INVALID',
    ),
  programNotFound: () => AppError.notFound('Program not found', 'PROGRAM.NOT_FOUND'),
};

/** The signed-in caller's current profile; 401 when the identity names nobody (deleted since). */
export async function profileOrUnauthorized(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
): Promise<UserProfile> {
  const profile = await ctx.members.profileOf(userId, caller.correlationId);
  if (!profile || !profile.isActive) throw AppError.unauthorized();
  return profile;
}

export function memberOf(org: OrganizationRecord, userId: string): OrgMemberRecord | undefined {
  return org.members.find((m) => m.userId === userId);
}

/**
 * The organization `slug` as `userId` acts in it, if they may do `action`: outside the staff (unknown
 * slug, a founder, a stranger) 404 `ORGANIZATION.NOT_FOUND`; staff whose role is too low 403.
 */
export async function workspaceFor(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  action: OrgAction,
): Promise<{ org: OrganizationRecord; actor: Actor }> {
  const [org, profile] = await Promise.all([
    ctx.organizations.findBySlug(slug),
    profileOrUnauthorized(ctx, caller, userId),
  ]);
  if (!org) throw organizationErrors.notFound();
  return { org, actor: actorIn(org, profile, action) };
}

/** The caller's role in `org` checked against `action` (see `workspaceFor`). */
export function actorIn(org: OrganizationRecord, profile: UserProfile, action: OrgAction): Actor {
  const memberRole = memberOf(org, profile.userId)?.role ?? null;
  const role = effectiveOrgRole(memberRole, profile.isAdmin);
  if (!role || !isOrgStaff(role)) throw organizationErrors.notFound();
  if (!canInOrg(role, action)) throw workspaceErrors.forbidden();
  return { userId: profile.userId, profile, memberRole, role };
}

/** What a use case decides from the organization it read: what to write, and what to answer. */
export interface Decision<T> {
  changes: WorkspaceChanges;
  events: OutboxEvent[];
  audit?: AuditRecord[];
  result: T;
}

/** Writers racing on one organization: each lost race reads again, so a burst of N writes needs at most N tries. */
const ATTEMPTS = 25;

/**
 * Reads the organization, decides, and writes the decision only if nobody wrote in between (the revision
 * it read); otherwise reads again and decides again. `decide` may throw (404, 403, 409...) and is pure.
 */
export async function changeOrganization<T>(
  ctx: OrganizationContext,
  load: () => Promise<OrganizationRecord | null>,
  decide: (org: OrganizationRecord) => Decision<T> | Promise<Decision<T>>,
): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const org = await load();
    if (!org) throw organizationErrors.notFound();
    const decision = await decide(org);
    const written = await ctx.organizations.commit(org.id, org.revision, decision.changes, {
      events: decision.events,
      audit: decision.audit ?? [],
    });
    if (written) {
      if (decision.audit && decision.audit.length > 0) await ctx.audit.flushPending(org.id);
      return decision.result;
    }
  }
  throw organizationErrors.busy();
}

/** An audit entry made now; its id (an ObjectId) orders entries written in the same millisecond. */
export function auditEntry(
  ctx: Pick<OrganizationContext, 'clock' | 'organizations'>,
  actor: { userId: string; displayName: string },
  action: OrgAuditAction,
  target: string,
  details: Record<string, unknown>,
): AuditRecord {
  return { id: ctx.organizations.newId(), action, actor, target, details, at: ctx.clock() };
}

export const actorOf = (actor: Actor) => ({ userId: actor.userId, displayName: actor.profile.displayName });

export function toEventPerson(person: { userId: string; email: string; displayName: string }): EventPerson {
  return { userId: person.userId, email: person.email, displayName: person.displayName };
}

export function toMemberView(member: OrgMemberRecord): OrgMember {
  return {
    userId: member.userId,
    email: member.email,
    displayName: member.displayName,
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
  };
}

export function toInvitationView(invitation: OrgInvitationRecord): OrgInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    programId: invitation.programId,
    invitedBy: invitation.invitedBy,
    sentAt: invitation.sentAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

export function toProgramView(
  organizationId: string,
  program: ProgramRecord,
  enrolled: Record<string, number>,
): Program {
  return {
    id: program.id,
    organizationId,
    name: program.name,
    startDate: program.startDate,
    endDate: program.endDate,
    templateVersion: program.templateVersion,
    riskRules: { ...program.riskRules },
    registrationOpen: program.registrationOpen,
    archived: program.archived,
    createdAt: program.createdAt.toISOString(),
    enrolledCount: enrolled[program.id] ?? 0,
  };
}

/** `program.changed` with the program's whole state. */
export function programChangedData(organizationId: string, program: ProgramRecord) {
  return {
    programId: program.id,
    organizationId,
    name: program.name,
    startDate: program.startDate,
    endDate: program.endDate,
    templateVersion: program.templateVersion,
    riskRules: { ...program.riskRules },
    registrationOpen: program.registrationOpen,
    archived: program.archived,
  };
}

/** Members changed by a write, as `organization.member_changed` data. */
export function memberChangedData(
  organizationId: string,
  member: OrgMemberRecord,
  role: OrgRole | null,
  actor: Actor | null,
) {
  return {
    organizationId,
    member: toEventPerson(member),
    role,
    actor: actor ? toEventPerson(actor.profile) : null,
  };
}

export function isPending(invitation: OrgInvitationRecord, now: Date): boolean {
  return invitation.expiresAt.getTime() > now.getTime();
}
