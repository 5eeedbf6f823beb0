import type { EventBus, Logger } from '@app/common';
import { deleteUserVentures } from '../domain/delete-user-ventures.ts';
import type { VentureContext } from '../domain/venture.ts';

export const USER_DELETED_QUEUE = 'venture.user-deleted';

/**
 * When a user is deleted, their ventures go too, and so do their enrolments and their place among ventures'
 * mentors (issue 18). The handler is idempotent (a repeated or redelivered
 * event finds nothing left), throws on a failure so the bus retries it, and what keeps failing is
 * dead-lettered rather than lost.
 */
export async function subscribeUserDeleted(
  bus: EventBus,
  ctx: VentureContext,
  logger: Logger,
  queue: string = USER_DELETED_QUEUE,
): Promise<void> {
  await bus.subscribe({
    queue,
    types: ['user.deleted'],
    deadLetter: true,
    handler: async (event) => {
      if (event.type !== 'user.deleted') return;
      const deleted = await deleteUserVentures(
        ctx,
        { correlationId: event.correlationId },
        event.data.userId,
      );
      logger.info(
        { eventId: event.id, userId: event.data.userId, deleted, correlationId: event.correlationId },
        'ventures of a deleted user removed',
      );
    },
  });
}
