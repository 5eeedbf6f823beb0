import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { eventSchemas, isEventType, type EventData, type EventType } from '@app/contracts';
import { AppError } from './errors.ts';

/*
 * The bus side of events: the envelope, its creation and its parsing. The registry itself (event name →
 * zod schema of its `data` → inferred type, and the rule that a published name never changes) is in
 * `@app/contracts`, the one source of everything that crosses a process.
 */
export { EVENT_TYPES, eventSchemas, isEventType, type EventData, type EventType } from '@app/contracts';

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
