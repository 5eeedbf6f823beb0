// Consuming on RabbitMQ: one confirm channel per subscription with its prefetch, each delivery parsed and
// handed to the handler, then acked; a failed try is republished to its delay queue (and confirmed) before
// the original is acked, a message given up is parked in `<queue>.dead`. So a crash in between leaves a
// duplicate at worst, never a loss.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChannelModel, ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import { parseEvent, type EventEnvelope } from '../events.ts';
import type { Logger } from '../logger.ts';
import {
  ATTEMPT_HEADER,
  DEAD_LETTER_EXCHANGE,
  attemptOf,
  copyHeaders,
  describeError,
  gaveUp,
  type DeliveryInfo,
  type QueueDepth,
  type SubscribeOptions,
} from './contract.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  declareConsumerTopology,
  retryDelayAfter,
  retryQueueName,
  retryQueueNames,
} from './retry-topology.ts';
import type { BrokerConnection } from './connection.ts';

interface Consumer {
  channel: ConfirmChannel;
  conn: ChannelModel;
  sub: SubscribeOptions;
  /** Copies the broker returned as unroutable (a return always precedes its confirm on the channel). */
  returns: Map<string, number>;
}

export interface Consumers {
  /** Every subscription so far: set up again on each new connection. */
  subscriptions: SubscribeOptions[];
  setUp(conn: ChannelModel, sub: SubscribeOptions): Promise<void>;
  /** Messages waiting in a subscribed queue, its delay queues and its dead-letter queue (null: unknown now). */
  queueDepth(queue: string): Promise<QueueDepth | null>;
}

export function createConsumers(opts: {
  log: Logger;
  exchange: string;
  connection: () => BrokerConnection;
}): Consumers {
  const { log, exchange } = opts;
  const subscriptions: SubscribeOptions[] = [];
  const drop = (conn: ChannelModel, reason: string) => opts.connection().drop(conn, reason);

  async function setUpConsumer(conn: ChannelModel, sub: SubscribeOptions): Promise<void> {
    // A confirm channel: a retry or parked copy is published and confirmed on it before the original is
    // acked on it, so a crash in between leaves a duplicate at worst, never a loss.
    const channel = await conn.createConfirmChannel();
    channel.on('error', (err: Error) => log.error({ err, queue: sub.queue }, 'consumer channel error'));
    channel.on('close', () => drop(conn, `consumer channel of ${sub.queue} closed`));
    const returns = new Map<string, number>();
    channel.on('return', (msg: ConsumeMessage) => {
      const key = copyKey(msg.fields.routingKey, msg.properties);
      returns.set(key, (returns.get(key) ?? 0) + 1);
    });
    await channel.prefetch(sub.prefetch ?? 10);
    await declareConsumerTopology(channel, exchange, sub);
    const consumer = { channel, conn, sub, returns };
    await channel.consume(sub.queue, (msg) => {
      // null: the broker cancelled the consumer (queue deleted); reconnecting re-declares everything.
      if (msg === null) return drop(conn, `consumer of ${sub.queue} cancelled by the broker`);
      void deliver(consumer, msg);
    });
  }

  function copyKey(routingKey: string, properties: Options.Publish | ConsumeMessage['properties']): string {
    const headers = (properties.headers ?? {}) as Record<string, unknown>;
    return `${routingKey}|${String(properties.messageId)}|${String(headers[ATTEMPT_HEADER])}`;
  }

  /** Publishes a copy of `msg` (same body and properties, persistent) and resolves once the broker has it. */
  async function publishCopy(
    consumer: Consumer,
    msg: ConsumeMessage,
    exchange: string,
    routingKey: string,
    headers: Record<string, unknown>,
  ): Promise<void> {
    const { messageId, correlationId, contentType, contentEncoding, type, timestamp, appId, priority } =
      msg.properties as ConsumeMessage['properties'] & { messageId?: string };
    const properties: Options.Publish = {
      persistent: true,
      mandatory: true,
      // Without an id the copy's return could not be told from another's.
      messageId: messageId ?? randomUUID(),
      correlationId,
      contentType,
      contentEncoding,
      type,
      timestamp,
      appId,
      priority,
      headers,
    };
    const key = copyKey(routingKey, properties);
    await new Promise<void>((resolve, reject) => {
      consumer.channel.publish(exchange, routingKey, msg.content, properties, (err: unknown) => {
        const returned = consumer.returns.get(key) ?? 0;
        if (returned > 0) {
          if (returned === 1) consumer.returns.delete(key);
          else consumer.returns.set(key, returned - 1);
          return reject(new Error(`no queue is bound for ${exchange || '(default)'}/${routingKey}`));
        }
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        resolve();
      });
    });
  }

  async function deliver(consumer: Consumer, msg: ConsumeMessage): Promise<void> {
    const { channel, sub } = consumer;
    const settle = (action: 'ack' | 'reject'): void => {
      try {
        if (action === 'ack') channel.ack(msg);
        else channel.nack(msg, false, false);
      } catch {
        // The channel closed meanwhile: the broker redelivers the message after reconnecting.
      }
    };
    const headers = (msg.properties.headers ?? {}) as Record<string, unknown>;
    const attempt = attemptOf(headers);
    let event: EventEnvelope;
    try {
      event = parseEvent(JSON.parse(msg.content.toString('utf8')));
    } catch (err) {
      log.error(
        { err, queue: sub.queue, messageId: msg.properties.messageId, routingKey: msg.fields.routingKey },
        sub.deadLetter ? 'invalid event dead-lettered' : 'invalid event dropped',
      );
      return park(consumer, msg, attempt, `invalid event: ${describeError(err)}`, settle);
    }
    const info: DeliveryInfo = { redelivered: msg.fields.redelivered, headers, attempt };
    try {
      await sub.handler(event, info);
      settle('ack');
    } catch (err) {
      const context = { err, queue: sub.queue, eventId: event.id, type: event.type, attempt };
      if (gaveUp(err) || attempt >= (sub.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)) {
        log.error(
          context,
          sub.deadLetter ? 'event handler gave up; dead-lettered' : 'event handler gave up; dropped',
        );
        return park(consumer, msg, attempt, describeError(err), settle);
      }
      const delay = retryDelayAfter(sub, attempt);
      const target = retryQueueName(sub.queue, delay);
      try {
        await publishCopy(consumer, msg, '', target, {
          ...copyHeaders(headers),
          [ATTEMPT_HEADER]: attempt + 1,
          'x-last-error': describeError(err),
        });
      } catch (publishErr) {
        // Still unacked: reconnecting re-declares the delay queues and the broker redelivers the message.
        log.error({ ...context, err: publishErr, retryQueue: target }, 'could not schedule the retry');
        return drop(consumer.conn, `retry of a message in ${sub.queue} not confirmed`);
      }
      log.warn({ ...context, retryInMs: delay, retryQueue: target }, 'event handler failed; will retry');
      settle('ack');
    }
  }

  /**
   * Gives a message up. With `deadLetter`, a copy goes to `<queue>.dead` carrying why (`x-error`), after
   * how many tries (`x-attempts-made`), from where (`x-failed-queue`) and when (`x-parked-at`); without
   * `x-attempt`, so a copy an operator moves back to the queue gets a fresh set of tries. If that copy is
   * not confirmed the message is rejected, and the queue's own dead-letter settings park it without the reason.
   */
  async function park(
    consumer: Consumer,
    msg: ConsumeMessage,
    attempt: number,
    reason: string,
    settle: (action: 'ack' | 'reject') => void,
  ): Promise<void> {
    const { sub } = consumer;
    if (!sub.deadLetter) return settle('reject');
    const { [ATTEMPT_HEADER]: _tried, ...headers } = copyHeaders(
      (msg.properties.headers ?? {}) as Record<string, unknown>,
    );
    try {
      await publishCopy(consumer, msg, DEAD_LETTER_EXCHANGE, sub.queue, {
        ...headers,
        'x-attempts-made': attempt,
        'x-error': reason,
        'x-failed-queue': sub.queue,
        'x-parked-at': new Date().toISOString(),
      });
      settle('ack');
    } catch (err) {
      log.warn({ err, queue: sub.queue }, 'parked copy not confirmed; rejecting into the dead-letter queue');
      settle('reject');
    }
  }

  return {
    subscriptions,
    setUp: setUpConsumer,
    async queueDepth(queue) {
      const sub = subscriptions.find((candidate) => candidate.queue === queue);
      const connection = opts.connection();
      const conn = connection.current();
      if (!sub || !conn || !connection.ready()) return null;
      const check = async (): Promise<QueueDepth> => {
        const channel = await connection.inspectChannel(conn);
        const main = await channel.checkQueue(queue);
        let retrying = 0;
        for (const name of retryQueueNames(sub)) retrying += (await channel.checkQueue(name)).messageCount;
        const dead = sub.deadLetter ? (await channel.checkQueue(`${queue}.dead`)).messageCount : 0;
        return { ready: main.messageCount, consumers: main.consumerCount, retrying, dead };
      };
      // A scrape must not hang on a hung broker.
      return Promise.race([check(), sleep(2000, null, { ref: false })]).catch((err: unknown) => {
        log.debug({ err, queue }, 'queue depth unavailable');
        return null;
      });
    },
  };
}
