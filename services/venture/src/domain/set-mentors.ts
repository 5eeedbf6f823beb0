import { AppError } from '@app/common';
import { ventureErrors, ventureEvent, type Caller, type VentureContext } from './venture.ts';
import { programFor } from './program-access.ts';
import type { MentorEntry } from './institutions.ts';

/**
 * Org admins and program managers replace an enrolled venture's mentors (each a mentor of the program's
 * organization: 404 `MENTOR.NOT_FOUND` otherwise). Each assignment and unassignment is audited, in the same
 * write as the change. A concurrent change of the same mentors makes this 409 `MENTOR.CHANGED`.
 */
export async function setMentors(
  ctx: VentureContext,
  caller: Caller,
  actorId: string,
  programId: string,
  ventureId: string,
  mentorIds: readonly string[],
): Promise<void> {
  const { program, organization } = await programFor(
    ctx,
    caller.correlationId,
    actorId,
    programId,
    'assignMentors',
  );
  const enrolment = await ctx.institutions.enrolmentOfVenture(ventureId);
  if (!enrolment || enrolment.programId !== program.id) throw ventureErrors.ventureNotFound();
  const orgMentors = new Map(
    (await ctx.institutions.membersOf(organization.id, ['mentor'])).map((m) => [m.userId, m]),
  );
  const wanted = [...new Set(mentorIds)];
  // A deleted account may still be a mentor here until the organization's own removal arrives.
  const deleted = await ctx.institutions.deletedAmong(wanted);
  const mentors: MentorEntry[] = wanted.map((id) => {
    const mentor = deleted.has(id) ? undefined : orgMentors.get(id);
    if (!mentor) throw AppError.notFound('Mentor not found', 'MENTOR.NOT_FOUND');
    return { userId: mentor.userId, email: mentor.email, displayName: mentor.displayName };
  });
  const before = enrolment.mentors.map((m) => m.userId);
  const actorEntry = (await ctx.institutions.membershipsOf(actorId)).find(
    (m) => m.organizationId === organization.id,
  );
  const actor = {
    userId: actorId,
    displayName:
      actorEntry?.displayName ?? (await ctx.owners.profileOf(actorId, caller))?.displayName ?? actorId,
  };
  const venture = await ctx.ventures.cohortVentures([ventureId]);
  const target = venture[0]?.name ?? ventureId;
  const audit = (
    action: 'mentor.assigned' | 'mentor.unassigned',
    mentor: { userId: string; displayName: string },
  ) =>
    ventureEvent(ctx, caller, 'organization.audit_recorded', {
      organizationId: organization.id,
      action,
      actor,
      target,
      details: {
        programId: program.id,
        ventureId,
        mentor: { userId: mentor.userId, displayName: mentor.displayName },
      },
    });
  const events = [
    ...mentors.filter((m) => !before.includes(m.userId)).map((m) => audit('mentor.assigned', m)),
    ...enrolment.mentors.filter((m) => !wanted.includes(m.userId)).map((m) => audit('mentor.unassigned', m)),
  ];
  const updated = await ctx.institutions.setMentors(
    { programId: program.id, ventureId, mentors, expected: before },
    events,
  );
  if (!updated) {
    throw AppError.conflict('The mentors were changed meanwhile. Reload and try again.', 'MENTOR.CHANGED');
  }
}
