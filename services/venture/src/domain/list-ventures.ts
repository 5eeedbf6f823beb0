import { toSummaryView, type VentureContext, type VentureSummaryView } from './venture.ts';

/** The caller's ventures only, oldest first (the home screen opens the first). */
export async function listVentures(ctx: VentureContext, userId: string): Promise<VentureSummaryView[]> {
  const ventures = await ctx.ventures.listOwned(userId);
  return ventures.map(toSummaryView);
}
