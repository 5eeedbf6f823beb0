import type { VentureDetail } from '@app/contracts';
import { ventureFor } from './access.ts';
import type { StaffAccess } from './staff-access.ts';
import { toVentureView, type VentureContext, type VentureInstitutionView } from './venture.ts';

/**
 * A venture the caller is a member of, with its tasks, members and progress; program staff with access
 * (issue 18) see it read-only, without tasks when its founder chose "progress only"; 404 for anyone else.
 */
export async function getVenture(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
  correlationId?: string,
): Promise<VentureDetail> {
  const { venture, staff } = await ventureFor(ctx, userId, ventureId, 'view', {
    staff: true,
    ...(correlationId ? { correlationId } : {}),
  });
  return toVentureView(venture, userId, await institutionViewOf(ctx, venture.id, staff));
}

/** The venture's program (as its members and staff see it) and the caller's staff access. */
export async function institutionViewOf(
  ctx: VentureContext,
  ventureId: string,
  staff: StaffAccess | null,
): Promise<VentureInstitutionView> {
  const enrolment = staff?.enrolment ?? (await ctx.institutions.enrolmentOfVenture(ventureId));
  const program =
    staff?.program ?? (enrolment ? await ctx.institutions.programById(enrolment.programId) : null);
  const organization = program ? await ctx.institutions.organizationById(program.organizationId) : null;
  return {
    program:
      enrolment && program && organization
        ? {
            programId: program.id,
            programName: program.name,
            organizationName: organization.name,
            visibility: enrolment.visibility,
          }
        : null,
    pinnedTemplate:
      enrolment && program && program.templateVersion !== null
        ? { organizationId: program.organizationId, version: program.templateVersion }
        : null,
    staffAccess: staff
      ? {
          kind: staff.kind,
          canComment: staff.actions.has('comment'),
          canVerify: staff.actions.has('verify'),
          tasksVisible: staff.actions.has('viewTasks'),
        }
      : null,
  };
}
