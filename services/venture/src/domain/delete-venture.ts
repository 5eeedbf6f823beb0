import { ventureErrors, ventureEvent, type Caller, type VentureContext } from './venture.ts';

/**
 * Deletes one of the caller's ventures: it is marked deleted together with `venture.deleted` in one write
 * (it disappears from every read at once) and the outbox relay removes it once the event is out.
 */
export async function deleteVenture(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  ventureId: string,
): Promise<void> {
  const deleted =
    ctx.ventures.isValidId(ventureId) &&
    (await ctx.ventures.markDeleted(ventureId, userId, [
      ventureEvent(ctx, caller, 'venture.deleted', { ventureId, ownerId: userId }),
    ]));
  if (!deleted) throw ventureErrors.ventureNotFound();
}
