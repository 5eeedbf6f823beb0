import { z } from 'zod';
import { taskStatusSchema } from './schemas/task-status.ts';

/*
 * The typed event registry: event name → zod schema of its `data` → inferred type. The envelope, its
 * creation and its parsing live with the bus in `@app/common`.
 *
 * A name, once published, is NEVER renamed and its schema never changed incompatibly: events outlive
 * deployments (they wait in outboxes and queues), so a consumer may receive an event produced by any
 * earlier version. To change a contract, add a new versioned name (e.g. `task.updated.v2`), publish both
 * while consumers migrate, then stop publishing the old one. Adding an optional field is the only
 * in-place change allowed, and only after every consumer accepts it (schemas are strict).
 */

const id = z.string().min(1).max(200);

export const eventSchemas = {
  'user.registered': z.strictObject({
    userId: id,
    username: z.string(),
    organizationId: z.string().nullable().optional(),
  }),
  'user.deleted': z.strictObject({ userId: id, username: z.string() }),
  /** The gateway ends the user's other sessions (all but `exceptSessionId`) on it. */
  'user.sessions_revoked': z.strictObject({ userId: id, exceptSessionId: z.string().optional() }),
  'password.reset_requested': z.strictObject({
    userId: id,
    username: z.string(),
    resetUrl: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  'task.updated': z.strictObject({
    ventureId: id,
    ventureName: z.string(),
    taskId: id,
    taskTitle: z.string(),
    fromStatus: taskStatusSchema,
    toStatus: taskStatusSchema,
    ownerId: id,
    ownerUsername: z.string(),
  }),
  'venture.created': z.strictObject({ ventureId: id, ownerId: id, name: z.string() }),
  'venture.deleted': z.strictObject({ ventureId: id, ownerId: id }),
  'contact.received': z.strictObject({
    messageId: id,
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    kind: z.enum(['contact', 'enterprise']),
  }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.output<(typeof eventSchemas)[T]>;

export const EVENT_TYPES = Object.keys(eventSchemas) as EventType[];

export function isEventType(type: unknown): type is EventType {
  return typeof type === 'string' && Object.hasOwn(eventSchemas, type);
}
