import type { VentureMember } from '@app/contracts';
import { ventureFor } from './access.ts';
import { toMemberView, type VentureContext } from './venture.ts';

/** A venture's members (any member may see them): owners first, then by joining. */
export async function listMembers(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
): Promise<VentureMember[]> {
  const { venture } = await ventureFor(ctx, userId, ventureId, 'view');
  return venture.members.map(toMemberView);
}
