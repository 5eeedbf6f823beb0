import { forbidden, ventureFor } from './access.ts';
import { enrolmentChangedEvent } from './enrolments.ts';
import { ventureErrors, ventureEvent, type Caller, type VentureContext } from './venture.ts';

/**
 * Deletes a venture (owners only): it is marked deleted together with `venture.deleted` in one write (it
 * disappears from every read at once) and the outbox relay removes it once the event is out.
 */
export async function deleteVenture(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  ventureId: string,
): Promise<void> {
  const { venture } = await ventureFor(ctx, userId, ventureId, 'deleteVenture');
  const deleted = await ctx.ventures.markDeleted(ventureId, userId, [
    ventureEvent(ctx, caller, 'venture.deleted', { ventureId, ownerId: venture.userId }),
  ]);
  if (!deleted) {
    if (await ctx.ventures.findForMember(ventureId, userId)) throw forbidden('deleteVenture');
    throw ventureErrors.ventureNotFound();
  }
  // Unreachable from now on (the venture is gone from every read); what is left is tidied.
  await ctx.comments.removeForVentures([ventureId]);
  await ctx.activity.removeForVentures([ventureId]);
  // Issue 18: its program waits for the founder's next venture (a separate write: the venture is gone
  // whatever happens here, and an enrolment following a deleted venture shows nothing).
  await ctx.institutions.releaseVenture(ventureId, (after) => [enrolmentChangedEvent(ctx, caller, after)]);
}
