import { ventureEvent, type Caller, type VentureContext } from './venture.ts';

/**
 * The `user.deleted` cascade: every live venture where the user is the only owner is deleted, each with
 * its own `venture.deleted`; from the others (shared ventures with another owner) the user is removed;
 * their calendar feed is removed.
 * Idempotent: a repeated event finds nothing left; after a partial failure the retry does what remains.
 * Returns how many ventures it deleted.
 */
export async function deleteUserVentures(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
): Promise<number> {
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
  await ctx.comments.removeForVentures(gone);
  await ctx.activity.removeForVentures(gone);
  // Their calendar feed URL stops working (issue 17).
  await ctx.calendarFeeds.removeForUser(userId);
  return deleted;
}
