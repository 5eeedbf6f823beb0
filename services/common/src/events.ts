import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from './errors.ts';

/*
 * The typed event registry: event name → zod schema of its `data` → inferred type.
 *
 * A name, once published, is NEVER renamed and its schema never changed incompatibly: events outlive
 * deployments (they wait in outboxes and queues), so a consumer may receive an event produced by any
 * earlier version. To change a contract, add a new versioned name (e.g. `task.updated.v2`), publish both
 * while consumers migrate, then stop publishing the old one. Adding an optional field is the only
 * in-place change allowed, and only after every consumer accepts it (schemas are strict).
 */

const id = z.string().min(1).max(200);
const taskStatus = z.enum(['todo', 'in_progress', 'done', 'blocked']);

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
    fromStatus: taskStatus,
    toStatus: taskStatus,
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

/**
 * What travels on the bus. For the default (all types) it is a union discriminated by `type`, so
 * `if (event.type === 'task.updated') event.data.taskId` typechecks.
 */
export type EventEnvelope<T extends EventType = EventType> = {
  [K in T]: {
    /** A UUID; consumers deduplicate by it. */
    id: string;
    type: K;
    /** ISO 8601 timestamp of the state change. */
    occurredAt: string;
    correlationId: string;
    /** The service that produced it. */
    producer: string;
    data: EventData<K>;
  };
}[T];

export const EVENT_TYPES = Object.keys(eventSchemas) as EventType[];

export function isEventType(type: unknown): type is EventType {
  return typeof type === 'string' && Object.hasOwn(eventSchemas, type);
}

const envelopeSchema = z.strictObject({
  id: z.uuid(),
  type: z.string(),
  occurredAt: z.iso.datetime({ offset: true }),
  correlationId: z.string().min(1).max(200),
  producer: z.string().min(1).max(100),
  data: z.unknown(),
});

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/**
 * Builds an event envelope. A wrong payload fails to compile; it is validated at runtime too (a failure
 * is a programming error: 500, logged).
 */
export function createEvent<T extends EventType>(
  type: T,
  data: NoInfer<EventData<T>>,
  ctx: { producer: string; correlationId?: string; occurredAt?: Date },
): EventEnvelope<T> {
  const schema = eventSchemas[type] as z.ZodType;
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new AppError('EVENT.INVALID', 500, `Invalid ${type} event: ${describe(result.error)}`, {
      expected: false,
    });
  }
  const envelope = {
    id: randomUUID(),
    type,
    occurredAt: (ctx.occurredAt ?? new Date()).toISOString(),
    correlationId: ctx.correlationId || randomUUID(),
    producer: ctx.producer,
    data: result.data,
  };
  return envelope as unknown as EventEnvelope<T>;
}

/**
 * Validates a received event (already JSON-decoded). Throws an AppError (`EVENT.UNKNOWN_TYPE` or
 * `EVENT.INVALID`, status 400) on an unknown type or invalid envelope or data; consumers dead-letter it.
 */
export function parseEvent(raw: unknown): EventEnvelope {
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) {
    throw new AppError('EVENT.INVALID', 400, `Invalid event envelope: ${describe(envelope.error)}`);
  }
  const { type } = envelope.data;
  if (!isEventType(type))
    throw new AppError('EVENT.UNKNOWN_TYPE', 400, `Unknown event type: ${type.slice(0, 100)}`);
  const data = (eventSchemas[type] as z.ZodType).safeParse(envelope.data.data);
  if (!data.success)
    throw new AppError('EVENT.INVALID', 400, `Invalid ${type} event: ${describe(data.error)}`);
  return { ...envelope.data, type, data: data.data } as EventEnvelope;
}
