import type { EventBus, Logger } from '@app/common';
import type { OrganizationContext } from '../domain/organization.ts';
import { recordEnrolment, recordExternalAudit } from '../domain/record-events.ts';
import { removeDeletedUser } from '../domain/remove-deleted-user.ts';

export const WORKSPACE_EVENTS_QUEUE = 'organization.workspace-events';

/**
 * What other services tell the organizations: enrolments (each program's enrolled count), audit entries
 * recorded elsewhere (template publications, cohort exports, mentor assignments) and deleted accounts (their
 * memberships go). Every handler is idempotent (newest state wins; entries keyed by event id; a removed
 * member is not found twice); a failure is retried by the bus, and what keeps failing is dead-lettered
 * rather than lost.
 */
export async function subscribeWorkspaceEvents(
  bus: EventBus,
  ctx: OrganizationContext,
  logger: Logger,
  queue: string = WORKSPACE_EVENTS_QUEUE,
): Promise<void> {
  await bus.subscribe({
    queue,
    types: ['program.enrolment_changed', 'organization.audit_recorded', 'user.deleted'],
    deadLetter: true,
    handler: async (event) => {
      const at = new Date(event.occurredAt);
      if (event.type === 'program.enrolment_changed') {
        await recordEnrolment(ctx, event.data, at);
        logger.debug({ eventId: event.id, programId: event.data.programId }, 'enrolment recorded');
      } else if (event.type === 'organization.audit_recorded') {
        await recordExternalAudit(ctx, event.id, event.data, at);
        logger.debug({ eventId: event.id, action: event.data.action }, 'audit entry recorded');
      } else if (event.type === 'user.deleted') {
        const removed = await removeDeletedUser(
          ctx,
          { correlationId: event.correlationId },
          event.data.userId,
        );
        if (removed > 0) logger.info({ eventId: event.id, removed }, 'memberships of a deleted user removed');
      }
    },
  });
}
