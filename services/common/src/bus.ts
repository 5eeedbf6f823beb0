// The event bus (DESIGN.md "Events"): the contract every service uses, on RabbitMQ (AMQP_URL) or in process.
// Its parts: bus/contract.ts (the interface and delivery contract), bus/connection.ts (connecting and
// reconnecting), bus/publisher.ts (confirmed publishing), bus/consumer.ts (deliveries, retries, parking),
// bus/retry-topology.ts (delay and dead-letter queues), bus/in-process.ts (the stand-in).
import { createAmqpBus } from './bus/amqp-bus.ts';
import type { EventBus } from './bus/contract.ts';
import { createInProcessBus, type InProcessEventBus } from './bus/in-process.ts';
import type { Logger } from './logger.ts';

export {
  ATTEMPT_HEADER,
  DEAD_LETTER_EXCHANGE,
  EVENTS_EXCHANGE,
  NonRetryableError,
  UNROUTED_EXCHANGE,
  type DeliveryInfo,
  type EventBus,
  type QueueDepth,
  type SubscribeOptions,
} from './bus/contract.ts';
export { retryQueueName, retryQueueNames } from './bus/retry-topology.ts';
export { createAmqpBus, type AmqpBusOptions, type AmqpEventBus } from './bus/amqp-bus.ts';
export { createInProcessBus, readJournal, type DeadEvent, type InProcessEventBus } from './bus/in-process.ts';

let processBus: InProcessEventBus | null = null;
const users = new WeakMap<InProcessEventBus, number>();
/**
 * AMQP when `url` is set; otherwise the process-wide in-process bus, shared by every service of the
 * all-in-one process (so one service's events reach another's consumers). Closing it is a no-op until
 * the last user closed it.
 */
export function createEventBus(opts: {
  url?: string;
  logger: Logger;
  connectionName: string;
  /** AMQP only (see `AmqpBusOptions.exchange`). */
  exchange?: string;
  /**
   * In-process only: the file that keeps deliveries until their consumer is done with them, so a killed
   * process loses no event (see `createInProcessBus`). Taken from the first caller that creates the bus.
   */
  journal?: string;
}): EventBus {
  if (opts.url)
    return createAmqpBus({
      url: opts.url,
      logger: opts.logger,
      connectionName: opts.connectionName,
      exchange: opts.exchange,
    });
  if (!processBus) processBus = createInProcessBus({ logger: opts.logger, journal: opts.journal });
  const shared = processBus;
  let released = false;
  users.set(shared, (users.get(shared) ?? 0) + 1);
  return {
    publish: (events) => shared.publish(events),
    subscribe: (sub) => shared.subscribe(sub),
    queueDepth: (queue) => shared.queueDepth(queue),
    ready: () => !released && shared.ready(),
    onReady: (listener) => shared.onReady(listener),
    async close() {
      if (released) return;
      released = true;
      const left = (users.get(shared) ?? 1) - 1;
      users.set(shared, left);
      if (left === 0) {
        if (processBus === shared) processBus = null;
        await shared.close();
      }
    },
  };
}
