import type { VentureSummary } from '@app/contracts';
import { toSummaryView, type VentureContext } from './venture.ts';

/**
 * Every venture the caller can open (their own and those shared with them), each with their role, oldest
 * first (the home screen opens the first).
 */
export async function listVentures(ctx: VentureContext, userId: string): Promise<VentureSummary[]> {
  const ventures = await ctx.ventures.listForMember(userId);
  return ventures.map((venture) => toSummaryView(venture, userId));
}
