import type { EventBus, Logger } from '@app/common';
import { ACTIVITY_EVENT_TYPES, recordActivity } from '../domain/record-activity.ts';
import type { VentureContext } from '../domain/venture.ts';

export const VENTURE_ACTIVITY_QUEUE = 'venture.activity';

/**
 * A venture's history is built from its own events as the broker delivers them (so it holds exactly what
 * happened, once: the entry's event id is unique). A failure is retried, then dead-lettered.
 */
export async function subscribeVentureActivity(
  bus: EventBus,
  ctx: VentureContext,
  logger: Logger,
  queue: string = VENTURE_ACTIVITY_QUEUE,
): Promise<void> {
  await bus.subscribe({
    queue,
    types: [...ACTIVITY_EVENT_TYPES],
    deadLetter: true,
    handler: async (event) => {
      const added = await recordActivity(ctx, event);
      if (!added) logger.debug({ eventId: event.id, type: event.type }, 'activity: nothing to add');
    },
  });
}
