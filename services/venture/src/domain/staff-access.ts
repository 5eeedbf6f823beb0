import {
  effectiveOrgRole,
  staffVentureAccess,
  type OrgRole,
  type StaffAccessKind,
  type StaffVentureAction,
} from '@app/contracts';
import type { EnrolmentRecord, ProgramEntry } from './institutions.ts';
import type { MemberRecord, VentureContext } from './venture.ts';

/*
 * Issue 18: how program staff reach a venture that is not theirs. The enrolment following the venture names
 * its program and what the founder lets the program see; the caller's role in the program's organization
 * comes from the read model (a platform administrator acts as an org admin everywhere, asked fresh from
 * auth). `staffVentureAccess` of the organization policy decides.
 */

export interface StaffAccess {
  kind: StaffAccessKind;
  actions: ReadonlySet<StaffVentureAction>;
  enrolment: EnrolmentRecord;
  program: ProgramEntry;
  /** The caller as a comment author (a viewer of the venture, by their organization profile). */
  asMember: MemberRecord;
}

/**
 * The caller's role in an organization: their membership's role, raised to orgAdmin for a platform
 * administrator. Auth is asked only when the membership alone gives no staff power there.
 */
export async function orgRoleOf(
  ctx: VentureContext,
  correlationId: string,
  organizationId: string,
  userId: string,
): Promise<OrgRole | null> {
  const membership = await ctx.institutions.roleOf(organizationId, userId);
  if (membership === 'orgAdmin') return membership;
  const isAdmin = await ctx.owners.isPlatformAdmin(userId, { correlationId });
  return effectiveOrgRole(membership, isAdmin);
}

/** The caller's staff access to the venture, or null (then it does not exist for them). */
export async function staffAccessTo(
  ctx: VentureContext,
  correlationId: string,
  userId: string,
  ventureId: string,
): Promise<StaffAccess | null> {
  const enrolment = await ctx.institutions.enrolmentOfVenture(ventureId);
  if (!enrolment) return null;
  const program = await ctx.institutions.programById(enrolment.programId);
  if (!program) return null;
  const orgRole = await orgRoleOf(ctx, correlationId, program.organizationId, userId);
  // A mentor keeps their assignments only while they are a member of the organization.
  const assignedMentor = orgRole !== null && enrolment.mentors.some((m) => m.userId === userId);
  const access = staffVentureAccess({ orgRole, assignedMentor, visibility: enrolment.visibility });
  if (!access) return null;
  const profile =
    (await ctx.institutions.membershipsOf(userId)).find((m) => m.organizationId === program.organizationId) ??
    (await ctx.owners.profileOf(userId, { correlationId }));
  const asMember: MemberRecord = {
    userId,
    email: profile?.email ?? '',
    displayName: profile?.displayName ?? 'Program staff',
    role: 'viewer',
    joinedAt: enrolment.enrolledAt,
  };
  return { ...access, enrolment, program, asMember };
}
