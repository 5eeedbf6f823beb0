// Publishing on RabbitMQ: one confirm channel per connection; every event persistent and mandatory with
// `messageId` = event id, all of a batch in flight before any confirm is awaited, the batch bounded by a
// timeout so a hung broker cannot hang the outbox relay.
import type { ChannelModel, ConfirmChannel } from 'amqplib';
import { AppError } from '../errors.ts';
import type { EventEnvelope } from '../events.ts';
import type { Logger } from '../logger.ts';
import { busUnavailable } from './contract.ts';
import { declareEventsExchange } from './retry-topology.ts';

export interface Publisher {
  /** Opens the publisher channel on a new connection and declares the events exchange. */
  setUp(conn: ChannelModel, onClosed: () => void): Promise<void>;
  /** Forgets the channel of a connection that is gone. */
  reset(): void;
  /** Resolves once the broker confirmed every event; `ready` says whether the connection is set up. */
  publish(events: EventEnvelope[], ready: boolean): Promise<void>;
}

export function createPublisher(opts: {
  log: Logger;
  exchange: string;
  publishTimeoutMs: number;
}): Publisher {
  const { log, exchange, publishTimeoutMs } = opts;
  let publisher: ConfirmChannel | null = null;
  /** Message ids the broker returned as unroutable; a return always precedes its confirm on the channel. */
  const returned = new Set<string>();

  async function publishOne(channel: ConfirmChannel, event: EventEnvelope): Promise<void> {
    const content = Buffer.from(JSON.stringify(event));
    await new Promise<void>((resolve, reject) => {
      // publish() returning false only means the socket buffer is full: amqplib keeps the message and the
      // confirm still arrives, so there is nothing to wait for here.
      channel.publish(
        exchange,
        event.type,
        content,
        {
          persistent: true,
          mandatory: true,
          contentType: 'application/json',
          messageId: event.id,
          type: event.type,
          correlationId: event.correlationId,
          timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
          appId: event.producer,
        },
        (err: unknown) => {
          if (err) return reject(busUnavailable('The message broker did not accept the event', err));
          if (returned.delete(event.id)) {
            return reject(new AppError('BUS.UNROUTABLE', 503, `No queue is bound for ${event.type}`));
          }
          resolve();
        },
      );
    });
  }

  return {
    async setUp(conn, onClosed) {
      const channel = await conn.createConfirmChannel();
      channel.on('error', (err: Error) => log.error({ err }, 'publisher channel error'));
      channel.on('close', onClosed);
      channel.on('return', (msg: { properties: { messageId?: unknown } }) => {
        if (msg.properties.messageId) returned.add(String(msg.properties.messageId));
      });
      await declareEventsExchange(channel, exchange);
      publisher = channel;
    },

    reset() {
      publisher = null;
      returned.clear();
    },

    async publish(events, ready) {
      if (events.length === 0) return;
      const channel = publisher;
      if (!channel || !ready) throw busUnavailable('The message broker is not connected');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(busUnavailable(`The message broker did not confirm within ${publishTimeoutMs} ms`)),
          publishTimeoutMs,
        );
      });
      // Every message goes out before any confirm is awaited: many in flight, one round trip.
      const confirms = Promise.all(events.map((event) => publishOne(channel, event)));
      confirms.catch(() => undefined);
      try {
        await Promise.race([confirms, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
