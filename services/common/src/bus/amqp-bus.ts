// The RabbitMQ event bus: a connection that keeps itself up (connection.ts), a publisher (publisher.ts)
// and consumers with their retry topology (consumer.ts, retry-topology.ts), put together.
import type { Logger } from '../logger.ts';
import { connectBroker, type BrokerConnection } from './connection.ts';
import { createConsumers } from './consumer.ts';
import { busUnavailable, EVENTS_EXCHANGE, type EventBus, type QueueDepth } from './contract.ts';
import { createPublisher } from './publisher.ts';

export interface AmqpBusOptions {
  url: string;
  logger: Logger;
  /** Shown in the broker's connection list (e.g. `venture`). */
  connectionName: string;
  /**
   * The topic exchange to publish to and bind queues on (default `events`). Tests on a shared broker use
   * their own, so nobody else's events reach their queues.
   */
  exchange?: string;
  /** A publish whose confirms have not all arrived by then rejects (a hung broker must not hang the relay). */
  publishTimeoutMs?: number;
  /** Reconnect backoff bounds. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

export interface AmqpEventBus extends EventBus {
  queueDepth(queue: string): Promise<QueueDepth | null>;
  /** Test hook: drops the TCP connection as a network failure would (the bus reconnects by itself). */
  simulateConnectionLoss(): void;
  /** Resolves once connected (or rejects after `timeoutMs`). */
  waitUntilReady(timeoutMs?: number): Promise<void>;
}

export function createAmqpBus(opts: AmqpBusOptions): AmqpEventBus {
  const log = opts.logger.child({ component: 'event-bus' });
  const exchange = opts.exchange ?? EVENTS_EXCHANGE;
  const publisher = createPublisher({ log, exchange, publishTimeoutMs: opts.publishTimeoutMs ?? 10_000 });
  const consumers = createConsumers({ log, exchange, connection: () => connection });
  const connection: BrokerConnection = connectBroker({
    url: opts.url,
    log,
    connectionName: opts.connectionName,
    reconnectMinMs: opts.reconnectMinMs,
    reconnectMaxMs: opts.reconnectMaxMs,
    async setUp(conn) {
      await publisher.setUp(conn, () => connection.drop(conn, 'publisher channel closed'));
      for (const sub of consumers.subscriptions) await consumers.setUp(conn, sub);
    },
    onLost: () => publisher.reset(),
  });

  return {
    publish: (events) => publisher.publish(events, connection.ready()),

    async subscribe(sub) {
      if (connection.closed()) throw busUnavailable('The event bus is closed');
      consumers.subscriptions.push(sub);
      await connection.settled();
      const conn = connection.current();
      if (conn && connection.ready()) {
        await consumers.setUp(conn, sub);
      } else {
        log.warn({ queue: sub.queue }, 'message broker not connected; the consumer starts once it is');
      }
    },

    queueDepth: (queue) => consumers.queueDepth(queue),
    ready: () => connection.ready(),
    onReady: (listener) => connection.onReady(listener),
    close: () => connection.close(),
    simulateConnectionLoss: () => connection.simulateLoss(),
    waitUntilReady: (timeoutMs = 10_000) => connection.waitUntilReady(timeoutMs),
  };
}
