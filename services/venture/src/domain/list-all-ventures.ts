import { percentage, type AdminVenture } from '@app/contracts';
import type { VentureContext } from './venture.ts';

/** Every live venture with its owner and completion, for the admin dashboard; oldest first. */
export async function listAllVentures(ctx: VentureContext): Promise<AdminVenture[]> {
  const ventures = await ctx.ventures.listOverview();
  return ventures.map((v) => ({
    id: v.id,
    name: v.name,
    blurb: v.blurb,
    createdAt: v.createdAt.toISOString(),
    userId: v.userId,
    ownerUsername: v.ownerUsername,
    completionPercentage: percentage(v.completedTaskCount, v.taskCount),
    taskCount: v.taskCount,
    completedTaskCount: v.completedTaskCount,
  }));
}
