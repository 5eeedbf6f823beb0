import type { VentureContext, VentureStats } from './venture.ts';

/** The admin dashboard's venture figures, over every live venture. */
export async function getVentureStats(ctx: VentureContext): Promise<VentureStats> {
  return ctx.ventures.stats();
}
