import { ORG_AUDIT_ACTIONS, type EventData } from '@app/contracts';
import type { OrganizationContext } from './organization.ts';

/** `program.enrolment_changed` from the venture service: the program's enrolled count follows it. */
export async function recordEnrolment(
  ctx: OrganizationContext,
  data: EventData<'program.enrolment_changed'>,
  occurredAt: Date,
): Promise<void> {
  await ctx.enrolments.record({
    organizationId: data.organizationId,
    programId: data.programId,
    userId: data.userId,
    enrolled: data.enrolled,
    at: occurredAt,
  });
}

/**
 * `organization.audit_recorded` from another service (template publications, cohort exports, mentor
 * assignments): one entry in the organization's log, keyed by the event id so a redelivery adds nothing.
 */
export async function recordExternalAudit(
  ctx: OrganizationContext,
  eventId: string,
  data: EventData<'organization.audit_recorded'>,
  occurredAt: Date,
): Promise<void> {
  if (!(ORG_AUDIT_ACTIONS as readonly string[]).includes(data.action)) return;
  await ctx.audit.add(data.organizationId, {
    id: eventId,
    action: data.action,
    actor: data.actor,
    target: data.target,
    details: data.details,
    at: occurredAt,
  });
}
