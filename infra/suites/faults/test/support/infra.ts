import { randomUUID } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import amqp from 'amqplib';
import { retryQueueNames, type EventBus } from '@app/common';

/*
 * Where the fault suite's dependencies come from. RabbitMQ: AMQP_URL (the shared broker, never stopped;
 * "down" is a fault proxy in front of it, and every queue this suite declares carries a per-run prefix).
 * Redis: a private `redis-server` on a free port, started only when REDIS_URL is set (the signal that
 * this machine runs Redis tests), so it can really be killed (SIGKILL) and hung (SIGSTOP/SIGCONT).
 * Without them the cases that need them are skipped with the reason printed, never passed empty.
 */

/** The shared broker's URL, or null and why the cases that need it are skipped. */
export function amqpUrl(): { url: string | null; reason: string } {
  const url = process.env.AMQP_URL;
  return url ? { url, reason: '' } : { url: null, reason: 'AMQP_URL is not set' };
}

export function redisServerAvailable(): { ok: true } | { ok: false; reason: string } {
  if (!process.env.REDIS_URL) return { ok: false, reason: 'REDIS_URL is not set' };
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0)
    return { ok: false, reason: 'REDIS_URL is set but no redis-server binary is on PATH' };
  return { ok: true };
}

/**
 * Reports why a file's cases are skipped, loudly, once per file. Straight to stderr: jest drops the
 * buffered console of a file whose every test is skipped when it runs several files.
 */
export function announceSkip(file: string, reason: string): void {
  process.stderr.write(`\n${file}: SKIPPED — ${reason}\n`);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; throws with `what` after `timeoutMs`. */
export async function eventually(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(everyMs);
  }
}

export interface OwnRedis {
  url: string;
  port: number;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
  /** SIGSTOP: the process hangs with its sockets open. */
  hang(): void;
  /** SIGCONT after hang(). */
  resume(): void;
  /** Starts a fresh server on the same port (after kill). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A private, non-persistent redis-server on a free loopback port that this test may kill and hang. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  // Its working directory is a temp dir: nothing it might write lands in the checkout.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'faults-redis-'));
  let child: ChildProcess | null = null;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(500, () => done(false));
      socket.on('error', () => done(false));
      socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
      socket.on('connect', () => socket.write('PING\r\n'));
    });
  const launch = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore', cwd: dir },
    );
    await eventually(`redis-server on port ${port} answers PING`, ping, 10_000, 50);
  };
  const exited = (proc: ChildProcess) =>
    proc.exitCode !== null || proc.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async kill() {
      const proc = child!;
      proc.kill('SIGKILL');
      await exited(proc);
    },
    hang: () => void child!.kill('SIGSTOP'),
    resume: () => void child!.kill('SIGCONT'),
    restart: launch,
    async stop() {
      const proc = child;
      if (proc) {
        proc.kill('SIGKILL');
        await exited(proc);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const RABBITMQ_SERVER = process.env.RABBITMQ_SERVER ?? '/usr/lib/rabbitmq/bin/rabbitmq-server';

/** A private RabbitMQ node needs AMQP_URL set (RabbitMQ tests on) and the server's own start script. */
export function rabbitMqServerAvailable(): { ok: true } | { ok: false; reason: string } {
  if (!process.env.AMQP_URL) return { ok: false, reason: 'AMQP_URL is not set' };
  if (!existsSync(RABBITMQ_SERVER))
    return { ok: false, reason: `AMQP_URL is set but ${RABBITMQ_SERVER} (RABBITMQ_SERVER) does not exist` };
  return { ok: true };
}

export interface OwnRabbitMq {
  url: string;
  /** SIGKILL to the node's process group: a broker crash, nothing flushed. */
  kill(): Promise<void>;
  /** Starts the node again on the same port and data directory (durable queues come back). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A private RabbitMQ node (its own name, ports and data directory under the temp dir) that a test may
 * really kill; the shared broker is never touched. Takes a few seconds to boot.
 */
export async function startOwnRabbitMq(): Promise<OwnRabbitMq> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'faults-rabbitmq-'));
  writeFileSync(path.join(dir, 'enabled_plugins'), '[].\n');
  const port = await freePort();
  const distPort = await freePort();
  const url = `amqp://guest:guest@127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    RABBITMQ_NODENAME: `faults${randomUUID().slice(0, 8)}@localhost`,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, 'enabled_plugins'),
    RABBITMQ_CONFIG_FILE: path.join(dir, 'none'),
    RABBITMQ_ADVANCED_CONFIG_FILE: path.join(dir, 'none-advanced.config'),
  };
  let child: ChildProcess | null = null;
  const accepts = async () => {
    try {
      const connection = await amqp.connect(url, { timeout: 1000 });
      await connection.close();
      return true;
    } catch {
      return false;
    }
  };
  const launch = async () => {
    // Its own process group, so a kill reaches the Erlang VM under the start script.
    child = spawn(RABBITMQ_SERVER, [], { env, detached: true, stdio: 'ignore' });
    await eventually(`the private RabbitMQ node on port ${port} accepts connections`, accepts, 60_000, 250);
  };
  const killGroup = async () => {
    const proc = child;
    child = null;
    if (!proc?.pid) return;
    try {
      process.kill(-proc.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await eventually('the private RabbitMQ node is gone', async () => !(await accepts()), 10_000, 100);
  };
  await launch();
  return {
    url,
    kill: killGroup,
    restart: launch,
    async stop() {
      await killGroup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Every queue an event bus declares, renamed `<prefix><queue>`: the shared broker's `events` exchange is
 * used as in production, while this run's consumers never compete with another run's (or a developer's
 * platform's) for messages.
 */
export function namespacedBus(bus: EventBus, prefix: string, declared: Set<string>): EventBus {
  return {
    publish: (events) => bus.publish(events),
    subscribe: (sub) => {
      const renamed = { ...sub, queue: `${prefix}${sub.queue}` };
      declared.add(renamed.queue);
      // The bus's broker-side delay queues for retries (`<queue>.retry.<ms>`).
      for (const name of retryQueueNames(renamed)) declared.add(name);
      return bus.subscribe(renamed);
    },
    ready: () => bus.ready(),
    onReady: (listener) => bus.onReady(listener),
    close: () => bus.close(),
  };
}

/** Deletes this run's queues (with their dead-letter queues) from the shared broker. */
export async function deleteQueues(url: string, queues: Iterable<string>): Promise<void> {
  const connection = await amqp.connect(url);
  try {
    for (const queue of queues) {
      for (const name of [queue, `${queue}.dead`]) {
        // A channel closes on a failed operation: one per delete.
        const channel = await connection.createChannel();
        await channel.deleteQueue(name).catch(() => undefined);
        await channel.close().catch(() => undefined);
      }
    }
  } finally {
    await connection.close();
  }
}

/**
 * Established TCP connections to a loopback server port (the kernel's table, /proc/net/tcp and tcp6):
 * the measure for "sockets return to their baseline" after a fault. Linux only; null elsewhere.
 */
export function connectionsTo(port: number): number | null {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      return null;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // fields[2] = remote address:port, fields[3] = state (01 = ESTABLISHED)
      if (fields[3] === '01' && fields[2]?.endsWith(`:${hex}`)) count += 1;
    }
  }
  return count;
}

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Live heap in MB after a full garbage collection: the measure for "memory returns to its baseline". */
export function liveHeapMb(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed / (1024 * 1024);
}
