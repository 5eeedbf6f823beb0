import { AppError } from '@app/common';
import type { Enrolment, ProgramVisibility } from '@app/contracts';
import type { EnrolmentRecord } from './institutions.ts';
import { ventureEvent, type Caller, type VentureContext } from './venture.ts';

/*
 * Issue 18: a founder's enrolments. The organization service enrols founders (`program.founder_enrolled`);
 * here the founder's next venture, or one they pick, becomes the program's, they choose what the program
 * sees (full roadmap or progress only) and may leave (the venture stays theirs; its staff lose access).
 * Every change publishes `program.enrolment_changed` from the enrolment's own outbox.
 */

export const programErrors = {
  programNotFound: () => AppError.notFound('Program not found', 'PROGRAM.NOT_FOUND'),
  alreadyEnrolled: () =>
    AppError.conflict('This venture already follows another program.', 'VENTURE.ALREADY_ENROLLED'),
};

export function enrolmentChangedEvent(ctx: VentureContext, caller: Caller, enrolment: EnrolmentRecord) {
  return ventureEvent(ctx, caller, 'program.enrolment_changed', {
    programId: enrolment.programId,
    organizationId: enrolment.organizationId,
    userId: enrolment.userId,
    ventureId: enrolment.ventureId,
    enrolled: enrolment.leftAt === null,
  });
}

async function toEnrolmentView(ctx: VentureContext, enrolment: EnrolmentRecord): Promise<Enrolment | null> {
  const program = await ctx.institutions.programById(enrolment.programId);
  const organization = program ? await ctx.institutions.organizationById(program.organizationId) : null;
  if (!program || !organization) return null;
  return {
    programId: program.id,
    programName: program.name,
    organizationId: organization.id,
    organizationName: organization.name,
    ventureId: enrolment.ventureId,
    visibility: enrolment.visibility,
    enrolledAt: enrolment.enrolledAt.toISOString(),
    mentors: enrolment.mentors.map((m) => ({ userId: m.userId, displayName: m.displayName })),
  };
}

/** The caller's current enrolments (in programs of organizations that still exist). */
export async function listMyEnrolments(ctx: VentureContext, userId: string): Promise<Enrolment[]> {
  const views = await Promise.all(
    (await ctx.institutions.enrolmentsOf(userId)).map((e) => toEnrolmentView(ctx, e)),
  );
  return views.filter((view): view is Enrolment => view !== null);
}

/**
 * The enrolled founder picks the venture the program follows (one they own, followed by no other program)
 * and/or what the program sees. 404 `PROGRAM.NOT_FOUND` when they are not enrolled, 404 `VENTURE.NOT_FOUND`
 * for a venture they do not own, 409 `VENTURE.ALREADY_ENROLLED` for one another program follows.
 */
export async function setEnrolment(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  programId: string,
  changes: { ventureId?: string | undefined; visibility?: ProgramVisibility | undefined },
): Promise<Enrolment> {
  const current = await ctx.institutions.enrolmentOf(programId, userId);
  if (!current || !(await ctx.institutions.programById(programId))) throw programErrors.programNotFound();
  if (changes.ventureId !== undefined && changes.ventureId !== current.ventureId) {
    const venture = await ctx.ventures.findForMember(changes.ventureId, userId);
    if (!venture || !venture.members.some((m) => m.userId === userId && m.role === 'owner')) {
      throw AppError.notFound('Venture not found', 'VENTURE.NOT_FOUND');
    }
    const followed = await ctx.institutions.enrolmentOfVenture(changes.ventureId);
    if (followed && followed.id !== current.id) throw programErrors.alreadyEnrolled();
  }
  const updated = await ctx.institutions.updateEnrolment(
    {
      programId,
      userId,
      ...(changes.ventureId !== undefined ? { ventureId: changes.ventureId } : {}),
      ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
    },
    (after) => (after.ventureId !== current.ventureId ? [enrolmentChangedEvent(ctx, caller, after)] : []),
  );
  const view = updated ? await toEnrolmentView(ctx, updated) : null;
  if (!view) throw programErrors.programNotFound();
  return view;
}

/** The founder leaves the program: its staff and mentors lose access at once; the venture stays theirs. */
export async function leaveProgram(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  programId: string,
): Promise<void> {
  const left = await ctx.institutions.leave({ programId, userId, now: ctx.clock() }, (after) => [
    enrolmentChangedEvent(ctx, caller, after),
  ]);
  if (!left) throw programErrors.programNotFound();
}
