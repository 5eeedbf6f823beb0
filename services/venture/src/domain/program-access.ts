import { AppError } from '@app/common';
import { canInOrg, isOrgStaff, type OrgAction, type OrgRole } from '@app/contracts';
import { programErrors } from './enrolments.ts';
import type { OrganizationEntry, ProgramEntry } from './institutions.ts';
import { orgRoleOf } from './staff-access.ts';
import type { VentureContext } from './venture.ts';

export interface ProgramAccess {
  program: ProgramEntry;
  organization: OrganizationEntry;
  role: OrgRole;
}

/**
 * A program if the caller may do `action` in its organization: 404 `PROGRAM.NOT_FOUND` outside the
 * organization's staff (founders and outsiders: it does not exist for them), 403 `ORGANIZATION.FORBIDDEN`
 * for staff whose role is too low (a mentor on the dashboard).
 */
export async function programFor(
  ctx: VentureContext,
  correlationId: string,
  userId: string,
  programId: string,
  action: OrgAction,
): Promise<ProgramAccess> {
  const program = await ctx.institutions.programById(programId);
  const organization = program ? await ctx.institutions.organizationById(program.organizationId) : null;
  if (!program || !organization) throw programErrors.programNotFound();
  const role = await orgRoleOf(ctx, correlationId, organization.id, userId);
  if (!role || !isOrgStaff(role)) throw programErrors.programNotFound();
  if (!canInOrg(role, action)) {
    throw AppError.forbidden('Your role in this organization does not allow this.', 'ORGANIZATION.FORBIDDEN');
  }
  return { program, organization, role };
}
