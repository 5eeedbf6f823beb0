import { percentage } from './progress.ts';
import type { VentureContext } from './venture.ts';

export interface VentureAdminView {
  id: string;
  name: string;
  blurb: string;
  createdAt: string;
  userId: string;
  ownerUsername: string;
  completionPercentage: number;
  taskCount: number;
  completedTaskCount: number;
}

/** Every live venture with its owner and completion, for the admin dashboard; oldest first. */
export async function listAllVentures(ctx: VentureContext): Promise<VentureAdminView[]> {
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
