import type { EventEnvelope, EventType } from '@app/common';
import type { ActivityRecord, VentureContext } from './venture.ts';

/** The venture's own events its history is built from. */
export const ACTIVITY_EVENT_TYPES = [
  'task.updated',
  'task.updated.v2',
  'task.assigned',
  'task.commented',
  'venture.member_joined',
  'venture.member_removed',
  'venture.member_role_changed',
] as const satisfies readonly EventType[];

const person = (p: { userId: string; displayName: string }) => ({
  userId: p.userId,
  displayName: p.displayName,
});

/** The history line an event makes, or null for an event that makes none. */
export function activityOf(event: EventEnvelope, id: string): ActivityRecord | null {
  const base = { id, eventId: event.id, at: new Date(event.occurredAt) };
  switch (event.type) {
    case 'task.updated': {
      // An un-shared venture's change: its only member, the owner, made it.
      const d = (event as EventEnvelope<'task.updated'>).data;
      return {
        ...base,
        ventureId: d.ventureId,
        kind: 'task.status_changed',
        actor: { userId: d.ownerId, displayName: d.ownerUsername },
        details: { taskId: d.taskId, taskTitle: d.taskTitle, fromStatus: d.fromStatus, toStatus: d.toStatus },
      };
    }
    case 'task.updated.v2': {
      const d = (event as EventEnvelope<'task.updated.v2'>).data;
      return {
        ...base,
        ventureId: d.ventureId,
        kind: 'task.status_changed',
        actor: person(d.actor),
        details: { taskId: d.taskId, taskTitle: d.taskTitle, fromStatus: d.fromStatus, toStatus: d.toStatus },
      };
    }
    case 'task.assigned': {
      const d = (event as EventEnvelope<'task.assigned'>).data;
      return {
        ...base,
        ventureId: d.ventureId,
        kind: 'task.assigned',
        actor: person(d.actor),
        details: {
          taskId: d.taskId,
          taskTitle: d.taskTitle,
          assignee: d.assignee ? person(d.assignee) : null,
        },
      };
    }
    case 'task.commented': {
      const d = (event as EventEnvelope<'task.commented'>).data;
      return {
        ...base,
        ventureId: d.ventureId,
        kind: 'task.commented',
        actor: person(d.author),
        details: { taskId: d.taskId, taskTitle: d.taskTitle, commentId: d.commentId },
      };
    }
    case 'venture.member_joined': {
      const d = (event as EventEnvelope<'venture.member_joined'>).data;
      return {
        ...base,
        ventureId: d.ventureId,
        kind: 'member.joined',
        actor: person(d.member),
        details: { member: person(d.member), role: d.member.role },
      };
    }
    case 'venture.member_removed': {
      const d = (event as EventEnvelope<'venture.member_removed'>).data;
      return {
        ...base,
        ventureId: d.ventureId,
        kind: 'member.removed',
        actor: person(d.actor),
        details: { member: person(d.member), left: d.left },
      };
    }
    case 'venture.member_role_changed': {
      const d = (event as EventEnvelope<'venture.member_role_changed'>).data;
      return {
        ...base,
        ventureId: d.ventureId,
        kind: 'member.role_changed',
        actor: person(d.actor),
        details: { member: person(d.member), fromRole: d.fromRole, toRole: d.toRole },
      };
    }
    default:
      return null;
  }
}

/**
 * Adds the history line of one of the venture's own events. Idempotent by event id (a unique index): a
 * redelivered event adds nothing. Returns whether a line was added.
 */
export async function recordActivity(ctx: VentureContext, event: EventEnvelope): Promise<boolean> {
  if (event.producer !== 'venture') return false;
  const entry = activityOf(event, ctx.activity.newId());
  return entry ? ctx.activity.record(entry) : false;
}
