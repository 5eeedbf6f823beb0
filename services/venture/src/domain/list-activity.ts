import type { ActivityPage } from '@app/contracts';
import { ventureFor } from './access.ts';
import type { ActivityRecord, VentureContext } from './venture.ts';

export function toActivityView(entry: ActivityRecord): ActivityPage['entries'][number] {
  return { ...entry, at: entry.at.toISOString() } as ActivityPage['entries'][number];
}

/** Any member: the venture's history, newest first, a page at a time. */
export async function listActivity(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<ActivityPage> {
  await ventureFor(ctx, userId, ventureId, 'view');
  const page = await ctx.activity.page(ventureId, {
    ...(query.cursor ? { cursor: query.cursor } : {}),
    limit: query.limit,
  });
  return { entries: page.entries.map(toActivityView), nextCursor: page.nextCursor };
}
