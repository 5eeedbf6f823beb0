import type { VentureDetail } from '@app/contracts';
import { toVentureView, ventureErrors, type VentureContext } from './venture.ts';

/** One of the caller's ventures with its tasks and progress; 404 for anyone else's, unknown or malformed id. */
export async function getVenture(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
): Promise<VentureDetail> {
  const venture = ctx.ventures.isValidId(ventureId) ? await ctx.ventures.findOwned(ventureId, userId) : null;
  if (!venture) throw ventureErrors.ventureNotFound();
  return toVentureView(venture);
}
