import type { EventEnvelope } from '@app/common';
import { enrolmentChangedEvent } from './enrolments.ts';
import type { VentureContext } from './venture.ts';

/** The organization service's events the venture service keeps read models from (issue 18). */
export const ORGANIZATION_EVENT_TYPES = [
  'organization.updated',
  'organization.deleted',
  'organization.member_changed',
  'program.changed',
  'program.founder_enrolled',
] as const;

/**
 * Applies one organization event to the read models. Idempotent by event id (a redelivery changes nothing),
 * and an event older than the stored state of its entry never overwrites it. Answers false for a repeat.
 */
export async function applyOrganizationEvent(ctx: VentureContext, event: EventEnvelope): Promise<boolean> {
  const store = ctx.institutions;
  if (await store.wasApplied(event.id)) return false;
  const at = { id: event.id, occurredAt: new Date(event.occurredAt) };
  const caller = { correlationId: event.correlationId };
  switch (event.type) {
    case 'organization.updated':
      await store.upsertOrganization(event.data, at);
      break;
    case 'organization.deleted':
      await store.deleteOrganization(event.data.organizationId, at);
      break;
    case 'organization.member_changed':
      await store.setMember(event.data, at);
      break;
    case 'program.changed':
      await store.upsertProgram(event.data, at);
      break;
    case 'program.founder_enrolled':
      // A deleted account is not enrolled by an event that was published before the deletion and arrives
      // after it (the organization service's relay was late).
      if ((await store.deletedAmong([event.data.founder.userId])).size > 0) break;
      // Idempotent by itself too (the enrolment keeps the ids of the events that enrolled it).
      await store.enrolFounder(
        {
          programId: event.data.programId,
          organizationId: event.data.organizationId,
          founder: event.data.founder,
          eventId: event.id,
          now: ctx.clock(),
        },
        (enrolment) => [enrolmentChangedEvent(ctx, caller, enrolment)],
      );
      break;
    default:
      return false;
  }
  return store.markApplied({ ...at, type: event.type });
}
