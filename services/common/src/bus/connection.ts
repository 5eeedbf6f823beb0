// The connection to RabbitMQ: connects, sets up what the bus runs on it (publisher channel, exchanges,
// consumers), notices its loss and reconnects with a capped, jittered backoff; tells who waits that it is
// ready. It knows nothing of publishing or consuming: `setUp` and `onLost` are given by the bus.
import { setTimeout as sleep } from 'node:timers/promises';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import type { Logger } from '../logger.ts';
import { busUnavailable } from './contract.ts';

export interface ConnectionOptions {
  url: string;
  /** The bus's logger (`component: 'event-bus'`). */
  log: Logger;
  /** Shown in the broker's connection list (e.g. `venture`). */
  connectionName: string;
  /** Reconnect backoff bounds. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** What runs on a new connection (channels, topology, consumers); a throw drops it and retries. */
  setUp(conn: ChannelModel): Promise<void>;
  /** Forget everything bound to a connection that is gone (its channels). */
  onLost(): void;
}

export interface BrokerConnection {
  /** The current connection (set up or being set up), or null. */
  current(): ChannelModel | null;
  /** Connected and set up. */
  ready(): boolean;
  closed(): boolean;
  /** Resolves once a connection attempt in progress has settled (at once when none is). */
  settled(): Promise<void>;
  /** Treats `conn` as lost (if it is still the current one) and reconnects. */
  drop(conn: ChannelModel, reason: string): void;
  /** A channel for passive queue checks only: a failed check closes it, never the consumers. */
  inspectChannel(conn: ChannelModel): Promise<Channel>;
  onReady(listener: () => void): () => void;
  waitUntilReady(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
  /** Test hook: drops the TCP connection as a network failure would. */
  simulateLoss(): void;
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

/** Starts connecting at once; reconnects until `close()`. */
export function connectBroker(opts: ConnectionOptions): BrokerConnection {
  const { log } = opts;
  const url = withHeartbeat(opts.url);
  const minDelay = opts.reconnectMinMs ?? 250;
  const maxDelay = opts.reconnectMaxMs ?? 15_000;

  let connection: ChannelModel | null = null;
  let isReady = false;
  /** The channel `queueDepth` checks on (see `inspectChannel`). */
  let inspector: Promise<Channel> | null = null;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let connecting: Promise<void> | null = null;
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

  function drop(conn: ChannelModel, reason: string): void {
    if (connection !== conn) return;
    connection = null;
    isReady = false;
    inspector = null;
    opts.onLost();
    if (!closed) log.warn({ reason }, 'lost the connection to the message broker; reconnecting');
    conn.close().catch(() => undefined);
    scheduleReconnect();
  }

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
    conn.on('close', () => drop(conn, 'connection closed'));
    conn.on('blocked', (reason: string) => log.warn({ reason }, 'message broker blocked publishing'));
    connection = conn;
    try {
      await opts.setUp(conn);
      if (connection !== conn) throw new Error('connection lost while setting up');
      isReady = true;
    } catch (err) {
      drop(conn, 'topology setup failed');
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
        if (!isReady) scheduleReconnect();
      });
    return connecting;
  }

  void connect();

  return {
    current: () => connection,
    ready: () => isReady && !closed,
    closed: () => closed,
    settled: async () => {
      if (connecting) await connecting;
    },
    drop,
    inspectChannel,

    onReady(listener) {
      readyListeners.add(listener);
      return () => readyListeners.delete(listener);
    },

    async waitUntilReady(timeoutMs) {
      if (isReady) return;
      const woken = new Promise<void>((resolve) => readyWaiters.add(resolve));
      await Promise.race([
        woken,
        sleep(timeoutMs, undefined, { ref: false }).then(() => {
          throw busUnavailable(`The message broker was not reachable within ${timeoutMs} ms`);
        }),
      ]);
      if (!isReady) throw busUnavailable('The event bus is closed');
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
      isReady = false;
      opts.onLost();
      // A half-dead connection may never answer Connection.Close: do not let shutdown wait on it.
      if (conn)
        await Promise.race([conn.close().catch(() => undefined), sleep(2000, undefined, { ref: false })]);
    },

    simulateLoss() {
      const conn = connection as
        (ChannelModel & { connection: { stream?: { destroy(error?: Error): void } } }) | null;
      // With an error, as a reset would: amqplib watches the socket's 'error' and 'end', not 'close'.
      conn?.connection.stream?.destroy(new Error('simulated network failure'));
    },
  };
}
