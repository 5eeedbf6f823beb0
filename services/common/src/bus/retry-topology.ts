// The retry topology on RabbitMQ: how long a failed try waits, the delay queues that hold it (one per
// distinct delay, dead-lettering back to the consumer queue when its TTL expires), the dead-letter queue,
// and the exchanges events go through.
import type { Channel } from 'amqplib';
import { DEAD_LETTER_EXCHANGE, UNROUTED_EXCHANGE, type SubscribeOptions } from './contract.ts';

function defaultRetryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** (attempt - 1));
}

export const DEFAULT_MAX_ATTEMPTS = 5;
/** RabbitMQ's TTL bound is 2^32 − 1 ms; a day is already far more than any retry should wait. */
const MAX_RETRY_DELAY_MS = 24 * 3600 * 1000;

/** The wait after failed try `attempt`, as a queue TTL: a whole number of milliseconds within bounds. */
export function retryDelayAfter(sub: Pick<SubscribeOptions, 'retryDelayMs'>, attempt: number): number {
  const raw = (sub.retryDelayMs ?? defaultRetryDelay)(attempt);
  return Number.isFinite(raw) ? Math.min(MAX_RETRY_DELAY_MS, Math.max(1, Math.round(raw))) : 1000;
}

/** The delay queue for one delay step of a consumer queue. */
export function retryQueueName(queue: string, delayMs: number): string {
  return `${queue}.retry.${delayMs}`;
}

/** The distinct delays of tries 1 … maxAttempts − 1, shortest first. */
export function retryDelays(sub: Pick<SubscribeOptions, 'maxAttempts' | 'retryDelayMs'>): number[] {
  const delays = new Set<number>();
  for (let attempt = 1; attempt < (sub.maxAttempts ?? DEFAULT_MAX_ATTEMPTS); attempt += 1)
    delays.add(retryDelayAfter(sub, attempt));
  return [...delays].sort((a, b) => a - b);
}

/** Every delay queue a subscription uses (one per distinct delay), shortest first. */
export function retryQueueNames(
  sub: Pick<SubscribeOptions, 'queue' | 'maxAttempts' | 'retryDelayMs'>,
): string[] {
  return retryDelays(sub).map((delay) => retryQueueName(sub.queue, delay));
}

/** The events exchange, with its alternate exchange and queue for events no queue is bound for. */
export async function declareEventsExchange(channel: Channel, exchange: string): Promise<void> {
  await channel.assertExchange(UNROUTED_EXCHANGE, 'fanout', { durable: true });
  await channel.assertQueue(UNROUTED_EXCHANGE, {
    durable: true,
    arguments: { 'x-message-ttl': 7 * 24 * 3600 * 1000, 'x-max-length': 100_000 },
  });
  await channel.bindQueue(UNROUTED_EXCHANGE, UNROUTED_EXCHANGE, '');
  await channel.assertExchange(exchange, 'topic', {
    durable: true,
    alternateExchange: UNROUTED_EXCHANGE,
  });
}

/**
 * The consumer queue, its delay queues and (with `deadLetter`) its dead-letter queue. A delay queue has
 * no consumer: every message in it has the same TTL, so they expire in order (no head-of-line blocking)
 * and the broker dead-letters each back to the consumer queue through the default exchange.
 */
export async function declareConsumerTopology(
  channel: Channel,
  exchange: string,
  sub: SubscribeOptions,
): Promise<void> {
  const args: Record<string, unknown> = {};
  if (sub.deadLetter) {
    await channel.assertExchange(DEAD_LETTER_EXCHANGE, 'direct', { durable: true });
    await channel.assertQueue(`${sub.queue}.dead`, { durable: true });
    await channel.bindQueue(`${sub.queue}.dead`, DEAD_LETTER_EXCHANGE, sub.queue);
    args['x-dead-letter-exchange'] = DEAD_LETTER_EXCHANGE;
    args['x-dead-letter-routing-key'] = sub.queue;
  }
  await channel.assertQueue(sub.queue, { durable: true, arguments: args });
  for (const type of sub.types) await channel.bindQueue(sub.queue, exchange, type);
  for (const delay of retryDelays(sub)) {
    await channel.assertQueue(retryQueueName(sub.queue, delay), {
      durable: true,
      arguments: {
        'x-message-ttl': delay,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': sub.queue,
      },
    });
  }
}
