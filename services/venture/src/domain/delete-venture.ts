import { forbidden, ventureFor } from './access.ts';
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
}
