import type { VentureSummary } from '@app/contracts';
import { toSummaryView, type VentureContext } from './venture.ts';

/** The caller's ventures only, oldest first (the home screen opens the first). */
export async function listVentures(ctx: VentureContext, userId: string): Promise<VentureSummary[]> {
  const ventures = await ctx.ventures.listOwned(userId);
  return ventures.map(toSummaryView);
}
