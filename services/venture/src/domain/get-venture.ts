import type { VentureDetail } from '@app/contracts';
import { ventureFor } from './access.ts';
import { toVentureView, type VentureContext } from './venture.ts';

/** A venture the caller is a member of, with its tasks, members and progress; 404 for anyone else. */
export async function getVenture(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
): Promise<VentureDetail> {
  const { venture } = await ventureFor(ctx, userId, ventureId, 'view');
  return toVentureView(venture, userId);
}
