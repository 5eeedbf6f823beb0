import { ventureEvent, type Caller, type VentureContext } from './venture.ts';

/**
 * The `user.deleted` cascade: every live venture of the user is deleted, each with its own
 * `venture.deleted`. Idempotent: a repeated event finds nothing left; after a partial failure the retry
 * deletes what remains. Returns how many ventures it deleted.
 */
export async function deleteUserVentures(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
): Promise<number> {
  let deleted = 0;
  for (const ventureId of await ctx.ventures.listIdsOfUser(userId)) {
    const event = ventureEvent(ctx, caller, 'venture.deleted', { ventureId, ownerId: userId });
    if (await ctx.ventures.markDeleted(ventureId, userId, [event])) deleted += 1;
  }
  return deleted;
}
