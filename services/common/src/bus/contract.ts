// What every event bus is: the interface services use, the delivery contract, the shared constants and
// the small helpers the RabbitMQ and in-process buses both need.
import { AppError } from '../errors.ts';
import type { EventEnvelope, EventType } from '../events.ts';

/** The topic exchange every event goes through; the routing key is the event type. */
export const EVENTS_EXCHANGE = 'events';
/** Where consumers with `deadLetter: true` park what they give up on: queue `<queue>.dead`, routing key `<queue>`. */
export const DEAD_LETTER_EXCHANGE = 'events.dlx';
/**
 * The alternate exchange of `events`: an event no queue is bound for (yet) lands in the queue of the same
 * name instead of being returned, so a type without subscribers never blocks a producer's outbox. Kept
 * for a week (bounded in length) so an operator can replay it after adding a consumer.
 */
export const UNROUTED_EXCHANGE = 'events.unrouted';
/**
 * The handler try a message is for (1, or absent, on the first delivery). A retry is a copy of the message
 * with this header raised by one, so the count survives restarts and moves between consumer instances.
 */
export const ATTEMPT_HEADER = 'x-attempt';

export interface DeliveryInfo {
  /** The broker delivered this message before (a consumer failed or died without acking). */
  redelivered: boolean;
  headers: Record<string, unknown>;
  /**
   * Which try of the handler this is (1 on the first). On RabbitMQ it travels in the `x-attempt` header of
   * the retry copies, so it counts tries across processes; a delivery cut short (crash, lost connection)
   * is not a try.
   */
  attempt: number;
}

export interface SubscribeOptions {
  /** Durable queue name, one per consuming service and purpose (e.g. `mailer.task-updated`). */
  queue: string;
  /** Event types (routing keys) to bind; topic patterns such as `user.*` are allowed. */
  types: EventType[] | string[];
  /** Unacked messages in flight for this consumer (default 10). */
  prefetch?: number;
  handler: (event: EventEnvelope, raw: DeliveryInfo) => Promise<void>;
  /** Give up into `<queue>.dead` (via `events.dlx`) instead of dropping. */
  deadLetter?: boolean;
  /** Handler tries per message before giving up (default 5). A NonRetryableError gives up at once. */
  maxAttempts?: number;
  /**
   * Wait after the given failed try before the next one (default 1 s doubling, capped at 30 s), in whole
   * milliseconds. On RabbitMQ the wait happens in the broker: each distinct delay is a queue
   * `<queue>.retry.<ms>` (see `retryQueueNames`), so the function must be deterministic (no jitter).
   */
  retryDelayMs?: (attempt: number) => number;
}

export interface EventBus {
  /** Resolves once the broker confirmed every event (persistent, mandatory, messageId = event id); rejects if any was nacked/unroutable/unreachable. */
  publish(events: EventEnvelope[]): Promise<void>;
  /**
   * Durable queue bound to the topic exchange 'events' for the given types; handler resolves → ack;
   * throws → retried up to `maxAttempts` with growing delays, then parked (in `<queue>.dead` with
   * `deadLetter: true`, else dropped and logged). A message that fails `parseEvent` is given up at once
   * without calling the handler. On RabbitMQ a retry waits in a delay queue, never in the consumer.
   */
  subscribe(opts: SubscribeOptions): Promise<void>;
  /**
   * How many messages wait in a subscribed queue, its retry queues and its dead-letter queue; null when
   * the bus cannot tell right now (broker unreachable, queue not subscribed here). For metrics.
   */
  queueDepth?(queue: string): Promise<QueueDepth | null>;
  ready(): boolean;
  /**
   * Calls `listener` every time the bus (re)connects, so work that waited for the broker (the outbox
   * relay) resumes at once instead of at its next backoff. Returns the unsubscribe function.
   */
  onReady(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface QueueDepth {
  /** Ready in the queue and not yet delivered to a consumer (the consumer lag). */
  ready: number;
  consumers: number;
  /** Failed once or more and waiting for their next try. */
  retrying: number;
  /** Parked in `<queue>.dead` (0 without `deadLetter`). */
  dead: number;
}

/** Throw it from a handler for a failure that retrying cannot fix (e.g. SMTP 5xx): dead-lettered at once. */
export class NonRetryableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NonRetryableError';
  }
}

/** The try number a message carries (`x-attempt`); anything missing or odd counts as the first. */
export function attemptOf(headers: Record<string, unknown>): number {
  const value = Number(headers[ATTEMPT_HEADER]);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

/** Headers for a copy we publish: the broker's dead-letter history is dropped (the attempt header counts). */
export function copyHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^x-(death|first-death-|last-death-)/.test(name)) copy[name] = value;
  }
  return copy;
}

export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
}

export function busUnavailable(message: string, cause?: unknown): AppError {
  return new AppError('BUS.UNAVAILABLE', 503, message, { expected: false, cause });
}

export function gaveUp(error: unknown): boolean {
  return error instanceof NonRetryableError || (error instanceof AppError && error.code.startsWith('EVENT.'));
}
