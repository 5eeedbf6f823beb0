import {
  NonRetryableError,
  retryQueueNames,
  type EventBus,
  type Logger,
  type SubscribeOptions,
} from '@app/common';
import { BRAND_EVENT_TYPES } from '../domain/brand.ts';
import { MAIL_EVENT_TYPES } from '../domain/compose-emails.ts';
import { sendEventEmails, type MailerContext } from '../domain/send-event-emails.ts';
import type { MailOutcome, MailerStats } from '../metrics.ts';

export interface ConsumerOptions {
  queue: string;
  prefetch: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

/**
 * Subscribes the mailer to its durable queue (dead-lettering on): the handler resolves only after SMTP
 * accepted every e-mail of the event, so the bus acks only then. A throw (SMTP 4xx, network) is retried
 * with doubling delays up to `maxAttempts`, then parked in `<queue>.dead`; on RabbitMQ each wait happens
 * in a delay queue `<queue>.retry.<ms>` (the message is acked here once its copy is safely there). A
 * NonRetryableError (SMTP 5xx, invalid recipient) is parked at once. Invalid and unknown events never
 * reach the handler: the bus dead-letters them.
 */
export async function subscribeMailEvents(
  bus: EventBus,
  ctx: MailerContext,
  opts: ConsumerOptions,
  stats: { count(outcome: MailOutcome, kind: string): void; snapshot(): MailerStats },
  logger: Logger,
): Promise<{ retryQueues: string[]; drain(timeoutMs: number): Promise<void> }> {
  const inFlight = new Set<Promise<void>>();
  const subscription: SubscribeOptions = {
    queue: opts.queue,
    // Issue 19: and the organization events its brand read model follows.
    types: [...MAIL_EVENT_TYPES, ...BRAND_EVENT_TYPES],
    prefetch: opts.prefetch,
    deadLetter: true,
    maxAttempts: opts.maxAttempts,
    retryDelayMs: (attempt) => Math.min(opts.retryMaxMs, opts.retryBaseMs * 2 ** (attempt - 1)),
    handler: async (event, info) => {
      const work = sendEventEmails(ctx, event);
      const tracked = work.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(tracked);
      void tracked.finally(() => inFlight.delete(tracked));
      try {
        await work;
      } catch (err) {
        const final = err instanceof NonRetryableError || info.attempt >= opts.maxAttempts;
        stats.count(final ? 'dead_lettered' : 'retried', event.type);
        logger.warn(
          { err, eventId: event.id, type: event.type, attempt: info.attempt, counts: stats.snapshot() },
          final ? 'e-mail event given up: dead-lettered' : 'e-mail event failed: will retry',
        );
        throw err;
      }
    },
  };
  await bus.subscribe(subscription);
  return {
    /** The delay queues on RabbitMQ, one per distinct retry delay (`<queue>.retry.<ms>`). */
    retryQueues: retryQueueNames(subscription),
    /** Waits (bounded) for deliveries in progress, so a shutdown does not cut an SMTP exchange short. */
    async drain(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
