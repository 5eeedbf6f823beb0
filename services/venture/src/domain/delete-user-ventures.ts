import { enrolmentChangedEvent } from './enrolments.ts';
import { ventureEvent, type Caller, type VentureContext } from './venture.ts';

/**
 * Issue 18's part of the cascade, before the ventures go: each enrolment of the user is removed (a current
 * one with `program.enrolment_changed`, enrolled false, as when they leave, so the organization's counts
 * follow), and they are taken off every venture's mentors (each with its `mentor.unassigned` audit entry).
 * Every change is one conditional single-document write with its events, so a repeat writes nothing.
 */
async function removeFromPrograms(ctx: VentureContext, caller: Caller, userId: string): Promise<void> {
  // First, so that an enrolment or an assignment arriving from now on is refused.
  await ctx.institutions.markUserDeleted(userId, ctx.clock());
  const { own, mentored } = await ctx.institutions.enrolmentsInvolving(userId);
  for (const enrolment of own) {
    const wasCurrent = enrolment.leftAt === null;
    await ctx.institutions.removeEnrolment(enrolment.id, ctx.clock(), (after) =>
      wasCurrent ? [enrolmentChangedEvent(ctx, caller, after)] : [],
    );
  }
  const names = new Map(
    (await ctx.ventures.cohortVentures(mentored.flatMap((e) => (e.ventureId ? [e.ventureId] : [])))).map(
      (v) => [v.id, v.name],
    ),
  );
  for (const enrolment of mentored) {
    const mentor = enrolment.mentors.find((m) => m.userId === userId);
    if (!mentor || enrolment.userId === userId) continue;
    const audit = ventureEvent(ctx, caller, 'organization.audit_recorded', {
      organizationId: enrolment.organizationId,
      action: 'mentor.unassigned',
      // As the organization service records a deleted account's removal: the account is the actor.
      actor: { userId, displayName: 'Account deleted' },
      target: (enrolment.ventureId && names.get(enrolment.ventureId)) ?? enrolment.ventureId ?? '',
      details: {
        programId: enrolment.programId,
        ventureId: enrolment.ventureId,
        mentor: { userId: mentor.userId, displayName: mentor.displayName },
        reason: 'account deleted',
      },
    });
    await ctx.institutions.removeMentor(enrolment.id, userId, [audit]);
  }
}

/**
 * The `user.deleted` cascade: the user's enrolments and mentor assignments go (above); every live venture
 * where the user is the only owner is deleted, each with its own `venture.deleted` (an enrolment of someone
 * else that followed it waits for their next venture, as on any venture deletion); from the others (shared
 * ventures with another owner) the user is removed; their calendar feed is removed.
 * Idempotent: a repeated event finds nothing left; after a partial failure the retry does what remains.
 * Returns how many ventures it deleted.
 */
export async function deleteUserVentures(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
): Promise<number> {
  await removeFromPrograms(ctx, caller, userId);
  let deleted = 0;
  const gone: string[] = [];
  for (const { ventureId, role, ownerCount } of await ctx.ventures.listMembershipsOfUser(userId)) {
    if (role === 'owner' && ownerCount <= 1) {
      const event = ventureEvent(ctx, caller, 'venture.deleted', { ventureId, ownerId: userId });
      if (await ctx.ventures.markDeletedBySystem(ventureId, [event])) deleted += 1;
      gone.push(ventureId);
    } else {
      await ctx.ventures.dropDeletedMember(ventureId, userId);
    }
  }
  for (const ventureId of gone) {
    await ctx.institutions.releaseVenture(ventureId, (after) => [enrolmentChangedEvent(ctx, caller, after)]);
  }
  await ctx.comments.removeForVentures(gone);
  await ctx.activity.removeForVentures(gone);
  // Their calendar feed URL stops working (issue 17).
  await ctx.calendarFeeds.removeForUser(userId);
  return deleted;
}
