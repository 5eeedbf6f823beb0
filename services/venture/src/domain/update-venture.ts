import type { RouteInput, VentureDetail, ventureApi } from '@app/contracts';
import { forbidden, ventureFor } from './access.ts';
import { toVentureView, ventureErrors, type VentureContext } from './venture.ts';

/** The validated body of `PATCH /api/ventures/{id}`: only the keys present change. */
export type VentureChanges = RouteInput<typeof ventureApi.updateVenture>;

/** Renames or redescribes a venture: owners only (403 for other members, 404 for anyone else). */
export async function updateVenture(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
  changes: VentureChanges,
): Promise<VentureDetail> {
  await ventureFor(ctx, userId, ventureId, 'editVenture');
  const venture = await ctx.ventures.update(ventureId, userId, changes);
  if (!venture) {
    // Demoted, removed or deleted meanwhile: say which.
    if (await ctx.ventures.findForMember(ventureId, userId)) throw forbidden('editVenture');
    throw ventureErrors.ventureNotFound();
  }
  return toVentureView(venture, userId);
}
