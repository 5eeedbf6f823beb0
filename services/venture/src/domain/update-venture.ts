import type { RouteInput, VentureDetail, ventureApi } from '@app/contracts';
import { toVentureView, ventureErrors, type VentureContext } from './venture.ts';

/** The validated body of `PATCH /api/ventures/{id}`: only the keys present change. */
export type VentureChanges = RouteInput<typeof ventureApi.updateVenture>;

/** Renames or redescribes one of the caller's ventures; 404 for anyone else's. */
export async function updateVenture(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
  changes: VentureChanges,
): Promise<VentureDetail> {
  const venture = ctx.ventures.isValidId(ventureId)
    ? await ctx.ventures.update(ventureId, userId, changes)
    : null;
  if (!venture) throw ventureErrors.ventureNotFound();
  return toVentureView(venture);
}
