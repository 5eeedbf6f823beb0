import type { CursorPage } from '@app/common';
import { percentage, type AdminVenture, type PageRequest } from '@app/contracts';
import type { VentureContext } from './venture.ts';

/**
 * A page of live ventures with owner, completion and member count, newest first, searched by name (the
 * admin dashboard's list, issue 18).
 */
export async function listAllVentures(
  ctx: VentureContext,
  page: PageRequest,
): Promise<CursorPage<AdminVenture>> {
  const { items, nextCursor } = await ctx.ventures.listOverviewPage(page);
  return {
    items: items.map((v) => ({
      id: v.id,
      name: v.name,
      blurb: v.blurb,
      createdAt: v.createdAt.toISOString(),
      userId: v.userId,
      ownerUsername: v.ownerUsername,
      completionPercentage: percentage(v.completedTaskCount, v.taskCount),
      taskCount: v.taskCount,
      completedTaskCount: v.completedTaskCount,
      memberCount: v.memberCount,
    })),
    nextCursor,
  };
}
