import type { EventBus, Logger } from '@app/common';
import { applyOrganizationEvent, ORGANIZATION_EVENT_TYPES } from '../domain/apply-organization-event.ts';
import type { VentureContext } from '../domain/venture.ts';

export const ORGANIZATION_EVENTS_QUEUE = 'venture.organization-events';

/**
 * Issue 18: the read models of organizations, their members and programs, and founders' enrolments, follow
 * the organization service's events (so a cohort read never calls it). A failure is retried, then
 * dead-lettered; a redelivery is a no-op.
 */
export async function subscribeOrganizationEvents(
  bus: EventBus,
  ctx: VentureContext,
  logger: Logger,
  queue: string = ORGANIZATION_EVENTS_QUEUE,
): Promise<void> {
  await bus.subscribe({
    queue,
    types: [...ORGANIZATION_EVENT_TYPES],
    deadLetter: true,
    handler: async (event) => {
      const applied = await applyOrganizationEvent(ctx, event);
      logger.debug({ eventId: event.id, type: event.type, applied }, 'organization event');
    },
  });
}
