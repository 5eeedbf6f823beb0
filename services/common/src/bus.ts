import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import amqp, {
  type Channel,
  type ChannelModel,
  type ConfirmChannel,
  type ConsumeMessage,
  type Options,
} from 'amqplib';
import { AppError } from './errors.ts';
import { parseEvent, type EventEnvelope, type EventType } from './events.ts';
import type { Logger } from './logger.ts';

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

function defaultRetryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** (attempt - 1));
}

const DEFAULT_MAX_ATTEMPTS = 5;
/** RabbitMQ's TTL bound is 2^32 − 1 ms; a day is already far more than any retry should wait. */
const MAX_RETRY_DELAY_MS = 24 * 3600 * 1000;

/** The wait after failed try `attempt`, as a queue TTL: a whole number of milliseconds within bounds. */
function retryDelayAfter(sub: Pick<SubscribeOptions, 'retryDelayMs'>, attempt: number): number {
  const raw = (sub.retryDelayMs ?? defaultRetryDelay)(attempt);
  return Number.isFinite(raw) ? Math.min(MAX_RETRY_DELAY_MS, Math.max(1, Math.round(raw))) : 1000;
}

/** The delay queue for one delay step of a consumer queue. */
export function retryQueueName(queue: string, delayMs: number): string {
  return `${queue}.retry.${delayMs}`;
}

/** The distinct delays of tries 1 … maxAttempts − 1, shortest first. */
function retryDelays(sub: Pick<SubscribeOptions, 'maxAttempts' | 'retryDelayMs'>): number[] {
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

/** The try number a message carries (`x-attempt`); anything missing or odd counts as the first. */
function attemptOf(headers: Record<string, unknown>): number {
  const value = Number(headers[ATTEMPT_HEADER]);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

/** Headers for a copy we publish: the broker's dead-letter history is dropped (the attempt header counts). */
function copyHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^x-(death|first-death-|last-death-)/.test(name)) copy[name] = value;
  }
  return copy;
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
}

function busUnavailable(message: string, cause?: unknown): AppError {
  return new AppError('BUS.UNAVAILABLE', 503, message, { expected: false, cause });
}

function gaveUp(error: unknown): boolean {
  return error instanceof NonRetryableError || (error instanceof AppError && error.code.startsWith('EVENT.'));
}

// ----------------------------------------------------------------------------------------------------
// AMQP (RabbitMQ)
// ----------------------------------------------------------------------------------------------------

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

/** Heartbeats detect a dead or hung broker in seconds instead of the server's 60 s default. */
function withHeartbeat(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', '10');
    return parsed.toString();
  } catch {
    return url;
  }
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

export function createAmqpBus(opts: AmqpBusOptions): AmqpEventBus {
  const log = opts.logger.child({ component: 'event-bus' });
  const url = withHeartbeat(opts.url);
  const exchange = opts.exchange ?? EVENTS_EXCHANGE;
  const publishTimeoutMs = opts.publishTimeoutMs ?? 10_000;
  const minDelay = opts.reconnectMinMs ?? 250;
  const maxDelay = opts.reconnectMaxMs ?? 15_000;
  const subscriptions: SubscribeOptions[] = [];

  let connection: ChannelModel | null = null;
  let publisher: ConfirmChannel | null = null;
  /** The channel `queueDepth` checks on (see `inspectChannel`). */
  let inspector: Promise<Channel> | null = null;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let connecting: Promise<void> | null = null;
  /** Message ids the broker returned as unroutable; a return always precedes its confirm on the channel. */
  const returned = new Set<string>();
  const readyWaiters = new Set<() => void>();
  const readyListeners = new Set<() => void>();

  function scheduleReconnect(): void {
    if (closed || reconnectTimer || connecting) return;
    failures += 1;
    // Exponential, capped, with full jitter in its upper half so restarted services do not stampede.
    const ceiling = Math.min(maxDelay, minDelay * 2 ** Math.min(failures - 1, 16));
    const delay = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
    reconnectTimer.unref();
  }

  function dropConnection(conn: ChannelModel, reason: string): void {
    if (connection !== conn) return;
    connection = null;
    publisher = null;
    inspector = null;
    returned.clear();
    if (!closed) log.warn({ reason }, 'lost the connection to the message broker; reconnecting');
    conn.close().catch(() => undefined);
    scheduleReconnect();
  }

  async function declareEventsExchange(channel: Channel): Promise<void> {
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
  async function declareConsumerTopology(channel: Channel, sub: SubscribeOptions): Promise<void> {
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

  async function setUpConsumer(conn: ChannelModel, sub: SubscribeOptions): Promise<void> {
    // A confirm channel: a retry or parked copy is published and confirmed on it before the original is
    // acked on it, so a crash in between leaves a duplicate at worst, never a loss.
    const channel = await conn.createConfirmChannel();
    channel.on('error', (err: Error) => log.error({ err, queue: sub.queue }, 'consumer channel error'));
    channel.on('close', () => dropConnection(conn, `consumer channel of ${sub.queue} closed`));
    const returns = new Map<string, number>();
    channel.on('return', (msg: ConsumeMessage) => {
      const key = copyKey(msg.fields.routingKey, msg.properties);
      returns.set(key, (returns.get(key) ?? 0) + 1);
    });
    await channel.prefetch(sub.prefetch ?? 10);
    await declareConsumerTopology(channel, sub);
    const consumer = { channel, conn, sub, returns };
    await channel.consume(sub.queue, (msg) => {
      // null: the broker cancelled the consumer (queue deleted); reconnecting re-declares everything.
      if (msg === null) return dropConnection(conn, `consumer of ${sub.queue} cancelled by the broker`);
      void deliver(consumer, msg);
    });
  }

  interface Consumer {
    channel: ConfirmChannel;
    conn: ChannelModel;
    sub: SubscribeOptions;
    /** Copies the broker returned as unroutable (a return always precedes its confirm on the channel). */
    returns: Map<string, number>;
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
        return dropConnection(consumer.conn, `retry of a message in ${sub.queue} not confirmed`);
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

  /** A channel for passive queue checks only: a failed check closes it, never the consumers. */
  function inspectChannel(conn: ChannelModel): Promise<Channel> {
    if (!inspector) {
      const opening = conn.createChannel().then((channel) => {
        channel.on('error', () => undefined);
        channel.on('close', () => {
          if (inspector === opening) inspector = null;
        });
        return channel;
      });
      opening.catch(() => {
        if (inspector === opening) inspector = null;
      });
      inspector = opening;
    }
    return inspector;
  }

  async function establish(): Promise<void> {
    const conn = await amqp.connect(url, {
      timeout: 5000,
      clientProperties: { connection_name: opts.connectionName },
    });
    conn.on('error', (err: Error) => log.warn({ err }, 'message broker connection error'));
    conn.on('close', () => dropConnection(conn, 'connection closed'));
    conn.on('blocked', (reason: string) => log.warn({ reason }, 'message broker blocked publishing'));
    connection = conn;
    try {
      const channel = await conn.createConfirmChannel();
      channel.on('error', (err: Error) => log.error({ err }, 'publisher channel error'));
      channel.on('close', () => dropConnection(conn, 'publisher channel closed'));
      channel.on('return', (msg: { properties: { messageId?: unknown } }) => {
        if (msg.properties.messageId) returned.add(String(msg.properties.messageId));
      });
      await declareEventsExchange(channel);
      for (const sub of subscriptions) await setUpConsumer(conn, sub);
      if (connection !== conn) throw new Error('connection lost while setting up');
      publisher = channel;
    } catch (err) {
      dropConnection(conn, 'topology setup failed');
      throw err;
    }
  }

  function connect(): Promise<void> {
    if (closed) return Promise.resolve();
    if (connecting) return connecting;
    connecting = establish()
      .then(() => {
        if (failures > 0) log.info({ after: failures }, 'reconnected to the message broker');
        failures = 0;
        for (const wake of readyWaiters) wake();
        readyWaiters.clear();
        for (const listener of readyListeners) {
          try {
            listener();
          } catch (err) {
            log.error({ err }, 'a bus ready listener threw');
          }
        }
      })
      .catch((err: unknown) => {
        // One warning per outage; the retries that follow are debug noise.
        if (failures === 0) log.warn({ err, url: redact(opts.url) }, 'message broker unreachable; retrying');
        else log.debug({ err, failures }, 'message broker still unreachable');
      })
      .finally(() => {
        connecting = null;
        if (!publisher) scheduleReconnect();
      });
    return connecting;
  }

  void connect();

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
    async publish(events) {
      if (events.length === 0) return;
      const channel = publisher;
      if (!channel || closed) throw busUnavailable('The message broker is not connected');
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

    async subscribe(sub) {
      if (closed) throw busUnavailable('The event bus is closed');
      subscriptions.push(sub);
      if (connecting) await connecting;
      const conn = connection;
      if (conn && publisher) {
        await setUpConsumer(conn, sub);
      } else {
        log.warn({ queue: sub.queue }, 'message broker not connected; the consumer starts once it is');
      }
    },

    async queueDepth(queue) {
      const sub = subscriptions.find((candidate) => candidate.queue === queue);
      const conn = connection;
      if (!sub || !conn || !publisher || closed) return null;
      const check = async (): Promise<QueueDepth> => {
        const channel = await inspectChannel(conn);
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

    ready: () => publisher !== null && !closed,

    onReady(listener) {
      readyListeners.add(listener);
      return () => readyListeners.delete(listener);
    },

    async close() {
      closed = true;
      readyListeners.clear();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      for (const wake of readyWaiters) wake();
      readyWaiters.clear();
      const conn = connection;
      connection = null;
      publisher = null;
      // A half-dead connection may never answer Connection.Close: do not let shutdown wait on it.
      if (conn)
        await Promise.race([conn.close().catch(() => undefined), sleep(2000, undefined, { ref: false })]);
    },

    simulateConnectionLoss() {
      const conn = connection as
        (ChannelModel & { connection: { stream?: { destroy(error?: Error): void } } }) | null;
      // With an error, as a reset would: amqplib watches the socket's 'error' and 'end', not 'close'.
      conn?.connection.stream?.destroy(new Error('simulated network failure'));
    },

    async waitUntilReady(timeoutMs = 10_000) {
      if (publisher) return;
      const woken = new Promise<void>((resolve) => readyWaiters.add(resolve));
      await Promise.race([
        woken,
        sleep(timeoutMs, undefined, { ref: false }).then(() => {
          throw busUnavailable(`The message broker was not reachable within ${timeoutMs} ms`);
        }),
      ]);
      if (!publisher) throw busUnavailable('The event bus is closed');
    },
  };
}

// ----------------------------------------------------------------------------------------------------
// In-process (the all-in-one runner without AMQP_URL)
// ----------------------------------------------------------------------------------------------------

export interface DeadEvent {
  queue: string;
  event: EventEnvelope;
  error: string;
  at: string;
}

export interface InProcessEventBus extends EventBus {
  queueDepth(queue: string): Promise<QueueDepth | null>;
  /** What consumers gave up on (bounded; the oldest go first). */
  deadLetters(): DeadEvent[];
  /** Resolves once every delivery queued so far has been handled (tests). */
  idle(): Promise<void>;
}

function topicMatches(pattern: string, key: string): boolean {
  const p = pattern.split('.');
  const k = key.split('.');
  const match = (i: number, j: number): boolean => {
    if (i === p.length) return j === k.length;
    if (p[i] === '#') return match(i + 1, j) || (j < k.length && match(i, j + 1));
    if (j === k.length) return false;
    return (p[i] === '*' || p[i] === k[j]) && match(i + 1, j + 1);
  };
  return match(0, 0);
}

/**
 * The same contract in memory: delivery is asynchronous, one subscription per queue name (a second
 * `subscribe` on a queue adds a competing handler, as with RabbitMQ), failed handlers are retried with
 * the subscription's delays and finally kept in a dead list. Events are lost when the process stops,
 * which is why it is for local all-in-one runs only.
 */
export function createInProcessBus(opts: { logger: Logger }): InProcessEventBus {
  const log = opts.logger.child({ component: 'event-bus', bus: 'in-process' });
  const queues = new Map<string, { subs: SubscribeOptions[]; next: number; patterns: Set<string> }>();
  const dead: DeadEvent[] = [];
  const inFlight = new Set<Promise<void>>();
  /** Per queue: deliveries not yet started, and those waiting for their next try. */
  const depth = new Map<string, { ready: number; retrying: number }>();
  let closed = false;

  function depthOf(queue: string): { ready: number; retrying: number } {
    let entry = depth.get(queue);
    if (!entry) depth.set(queue, (entry = { ready: 0, retrying: 0 }));
    return entry;
  }

  async function run(queue: string, subs: SubscribeOptions[], pick: number, raw: string): Promise<void> {
    let event: EventEnvelope;
    try {
      event = parseEvent(JSON.parse(raw));
    } catch (err) {
      log.error({ err, queue }, 'invalid event dropped');
      return;
    }
    for (let attempt = 1; ; attempt += 1) {
      const sub = subs[(pick + attempt - 1) % subs.length]!;
      try {
        await sub.handler(event, {
          redelivered: attempt > 1,
          headers: attempt > 1 ? { [ATTEMPT_HEADER]: attempt } : {},
          attempt,
        });
        return;
      } catch (err) {
        const context = { err, queue, eventId: event.id, type: event.type, attempt };
        if (closed || gaveUp(err) || attempt >= (sub.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)) {
          log.error(context, 'event handler gave up; kept in the dead list');
          dead.push({
            queue,
            event,
            error: String((err as Error)?.message ?? err),
            at: new Date().toISOString(),
          });
          if (dead.length > 1000) dead.shift();
          return;
        }
        // No broker to hold it: the retry waits on a timer here (lost if the process stops).
        const delay = retryDelayAfter(sub, attempt);
        log.warn({ ...context, retryInMs: delay }, 'event handler failed; will retry');
        depthOf(queue).retrying += 1;
        try {
          await sleep(delay, undefined, { ref: false });
        } finally {
          depthOf(queue).retrying -= 1;
        }
      }
    }
  }

  return {
    async publish(events) {
      if (closed) throw busUnavailable('The event bus is closed');
      for (const event of events) {
        // Serialised like on the wire, so consumers never share (or mutate) the producer's object.
        const raw = JSON.stringify(event);
        for (const [queue, entry] of queues) {
          if (entry.subs.length === 0 || ![...entry.patterns].some((p) => topicMatches(p, event.type)))
            continue;
          const pick = entry.next++;
          depthOf(queue).ready += 1;
          const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
            .then(() => {
              depthOf(queue).ready -= 1;
              return run(queue, entry.subs, pick, raw);
            })
            .finally(() => inFlight.delete(task));
          inFlight.add(task);
        }
      }
    },

    async subscribe(sub) {
      if (closed) throw busUnavailable('The event bus is closed');
      const entry = queues.get(sub.queue) ?? { subs: [], next: 0, patterns: new Set<string>() };
      entry.subs.push(sub);
      for (const type of sub.types) entry.patterns.add(type);
      queues.set(sub.queue, entry);
    },

    async queueDepth(queue) {
      const entry = queues.get(queue);
      if (!entry || closed) return null;
      const { ready, retrying } = depthOf(queue);
      return {
        ready,
        consumers: entry.subs.length,
        retrying,
        dead: dead.filter((d) => d.queue === queue).length,
      };
    },

    ready: () => !closed,

    // Ready from the start and never disconnected: nothing to announce.
    onReady: () => () => undefined,

    async close() {
      closed = true;
      await Promise.allSettled([...inFlight]);
    },

    deadLetters: () => [...dead],

    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

// ----------------------------------------------------------------------------------------------------

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
}): EventBus {
  if (opts.url)
    return createAmqpBus({
      url: opts.url,
      logger: opts.logger,
      connectionName: opts.connectionName,
      exchange: opts.exchange,
    });
  if (!processBus) processBus = createInProcessBus({ logger: opts.logger });
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
