import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';
import {
  createAmqpBus,
  createLogger,
  retryQueueNames,
  type AmqpEventBus,
  type EventBus,
  type RunningService,
} from '@app/common';
import type { RunningMailerService } from '@app/mailer';
import {
  Browser as SharedBrowser,
  parseBody,
  startFaultProxy,
  startPlatform as startServices,
  type FaultProxy,
  type Reply,
  type TestMongo,
} from '@app/testing';
import { deleteQueues, eventually, namespacedBus } from './infra.ts';

/*
 * The platform as the all-in-one runner starts it (infra/runner), from the test library's `startPlatform`:
 * each service with its own start function and port, reached only through the real gateway, but on
 * RabbitMQ each with its OWN event bus connection (as separate processes have), so one service can be
 * stopped, restarted or cut off on its own.
 */

export const SECRET = 'faults-internal-secret-0123456789abcdef0123';
export const PASSWORD = 'fault-suite-pass-1';
export const logger = createLogger({ name: 'faults', level: process.env.FAULTS_LOG_LEVEL ?? 'silent' });
const here = path.dirname(fileURLToPath(import.meta.url));
const MAILER_MAIN = path.resolve(here, '../../../../../services/mailer/src/main.ts');

export type { Reply };

/** The shared test browser, plus a GET on a connection of its own (for connection-count checks). */
export class Browser extends SharedBrowser {
  /** A GET on its own connection, closed after the answer: the client keeps no socket of its own. */
  once(urlPath: string, timeoutMs = 15_000): Promise<Reply> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        this.base + urlPath,
        {
          agent: false,
          headers: {
            'x-requested-with': 'XMLHttpRequest',
            connection: 'close',
            ...(this.cookie ? { cookie: this.cookie } : {}),
          },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
            const body = parseBody(Buffer.concat(chunks).toString('utf8'));
            resolve({ status: res.statusCode ?? 0, headers, ms: Date.now() - started, body });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end();
    });
  }
}

export interface PlatformOptions {
  mongo: TestMongo;
  /** What the services connect to instead of `mongo.url` (a fault proxy in front of it). */
  serviceMongoUrl?: string;
  /** RabbitMQ (or a fault proxy in front of it); unset → one in-process bus for every service. */
  amqpUrl?: string;
  /** Where this run's queues are deleted from at the end (the broker itself, not a proxy). */
  brokerUrl?: string;
  redisUrl?: string;
  /** The venture service sits behind a fault proxy the test can hang or cut. */
  ventureBehindProxy?: boolean;
  upstreamTimeoutMs?: number;
  /** More environment for every service (e.g. `REMINDER_TICK_SECONDS` for the venture scheduler). */
  serviceEnv?: Record<string, string>;
}

export interface MailerHandle {
  close(): Promise<void>;
}

export interface ChildMailer {
  pid: number;
  /** SIGKILL: the process dies mid-work, nothing is flushed or acked. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface Platform {
  base: string;
  run: string;
  /** Prefix of every queue this platform declares on the broker. */
  queuePrefix: string;
  venturePort: number;
  ventureProxy: FaultProxy | null;
  gateway: RunningService;
  browser(): Browser;
  /** Registers a new user through the gateway; the browser is signed in. */
  newUser(): Promise<{ browser: Browser; id: string; username: string }>;
  /** Creates a venture through the gateway; returns its id and its 50 task ids. */
  newVenture(browser: Browser, name: string): Promise<{ id: string; taskIds: string[] }>;
  stopVenture(): Promise<void>;
  startVenture(): Promise<void>;
  /** The in-process mailer (this run's queue, the given SMTP server). */
  startMailer(smtpUrl: string, env?: Record<string, string>): Promise<RunningMailerService>;
  /** The mailer as its own OS process (`services/mailer/src/main.ts`), so it can be SIGKILLed. */
  spawnMailer(smtpUrl: string, env?: Record<string, string>): Promise<ChildMailer>;
  /** The queue the mailer consumes. */
  mailerQueue: string;
  /** A direct connection to the venture service's database (not through any proxy). */
  ventureDb(): Promise<mongoose.Connection>;
  /** Unpublished events in the venture service's outbox. */
  ventureOutbox(): Promise<number>;
  close(): Promise<void>;
}

export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const run = randomUUID().slice(0, 8);
  const queuePrefix = `faults.${run}.`;
  const declared = new Set<string>();
  const ventureDbName = `venture_faults_${run}`;
  const mailerDbName = `mailer_faults_${run}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'faults-'));

  /** On RabbitMQ, each deployable has its own connection (as separate processes have), on this run's queues. */
  async function amqpBusFor(name: string): Promise<EventBus> {
    const amqpBus: AmqpEventBus = createAmqpBus({
      url: options.amqpUrl!,
      logger,
      connectionName: `faults-${run}-${name}`,
      reconnectMinMs: 100,
      reconnectMaxMs: 1000,
      publishTimeoutMs: 3000,
    });
    await amqpBus.waitUntilReady(15_000);
    return namespacedBus(amqpBus, queuePrefix, declared);
  }

  let ventureProxy: FaultProxy | null = null;
  const services = await startServices({
    services: ['auth', 'venture'],
    secret: SECRET,
    logger,
    mongo: options.mongo,
    mongoUrl: options.serviceMongoUrl,
    ...(options.amqpUrl ? { bus: amqpBusFor } : {}),
    env: {
      // Fault tests give one founder several ventures; the Free plan's limit (issue 18) is tested elsewhere.
      services: {
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        FREE_PLAN_VENTURE_LIMIT: '1000',
        ...options.serviceEnv,
      },
      gateway: {
        LOG_LEVEL: 'silent',
        REDIS_URL: options.redisUrl,
        UPSTREAM_TIMEOUT_MS: String(options.upstreamTimeoutMs ?? 10_000),
        LOGIN_LIMIT_PER_CLIENT: '100000',
        REGISTER_LIMIT_PER_CLIENT: '100000',
        SIGNIN_LIMIT_PER_MINUTE: '100000',
      },
    },
    overrides: { venture: { dbName: ventureDbName, host: '127.0.0.1' } },
    front: options.ventureBehindProxy
      ? {
          venture: async (url) => {
            ventureProxy = await startFaultProxy(url, Number(new URL(url).port));
            return `http://127.0.0.1:${ventureProxy.port}`;
          },
        }
      : {},
  });
  const venturePort = services.service('venture').port;

  const children: Array<{ close(): Promise<void> }> = [];
  const mailerQueue = `${queuePrefix}mailer.emails`;
  const mailerEnv = (smtpUrl: string, env: Record<string, string>): Record<string, string> => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    INTERNAL_SECRET: SECRET,
    MONGO_URL: options.serviceMongoUrl ?? options.mongo.url,
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: 'https://app.faults.test',
    MAIL_RETRY_BASE_MS: '100',
    MAIL_RETRY_MAX_MS: '1000',
    SMTP_TIMEOUT_MS: '3000',
    MAIL_CLAIM_LEASE_MS: '3000',
    ...env,
  });

  let ventureConnection: mongoose.Connection | null = null;
  let users = 0;
  const platform: Platform = {
    base: services.base,
    run,
    queuePrefix,
    venturePort,
    ventureProxy,
    gateway: services.gateway,
    mailerQueue,
    browser: () => new Browser(services.base),
    async newUser() {
      users += 1;
      const browser = new Browser(services.base);
      const username = `founder.${run}.${users}@faults.test`;
      const res = await browser.call('POST', '/api/register', { username, password: PASSWORD });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { browser, id: String(res.body.id), username };
    },
    async newVenture(browser, name) {
      const res = await browser.call('POST', '/api/ventures', { name });
      if (res.status !== 201) throw new Error(`venture failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: String(res.body.id), taskIds: (res.body.tasks as Array<{ id: string }>).map((t) => t.id) };
    },
    stopVenture: () => services.stop('venture'),
    async startVenture() {
      await services.start('venture');
    },
    async startMailer(smtpUrl, env = {}) {
      const service = await services.start<RunningMailerService>('mailer', {
        env: mailerEnv(smtpUrl, { MAILER_QUEUE: 'mailer.emails', ...env }),
        overrides: { dbName: mailerDbName, port: 0 },
      });
      return { ...service, close: () => services.stop('mailer') };
    },
    async spawnMailer(smtpUrl, env = {}) {
      if (!options.amqpUrl) throw new Error('a mailer process needs RabbitMQ');
      const childEnv = mailerEnv(smtpUrl, env);
      declared.add(mailerQueue);
      const retryBase = Number(childEnv.MAIL_RETRY_BASE_MS);
      const retryMax = Number(childEnv.MAIL_RETRY_MAX_MS);
      const retries = { queue: mailerQueue, maxAttempts: Number(childEnv.MAIL_MAX_ATTEMPTS ?? 10) };
      for (const name of retryQueueNames({
        ...retries,
        retryDelayMs: (n) => Math.min(retryMax, retryBase * 2 ** (n - 1)),
      }))
        declared.add(name);
      const child: ChildProcess = spawn(process.execPath, [MAILER_MAIN], {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          ...childEnv,
          // Its own database name is the mailer's default: a fresh engine per test file (or unique event ids).
          LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
          AMQP_URL: options.amqpUrl,
          MAILER_QUEUE: mailerQueue,
          PORT: '0',
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', process.env.FAULTS_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const stopChild = async (signal: NodeJS.Signals) => {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await exited;
      };
      children.push({ close: () => stopChild('SIGKILL') });
      // Ready once its consumer is on the queue (the broker counts consumers per queue).
      const admin = await (await import('amqplib')).default.connect(options.brokerUrl ?? options.amqpUrl);
      try {
        await eventually(
          'the mailer process consumes its queue',
          async () => {
            if (child.exitCode !== null) throw new Error(`the mailer process exited with ${child.exitCode}`);
            const channel = await admin.createChannel();
            // A missing queue closes the channel with an error: that only means "not yet".
            channel.on('error', () => undefined);
            try {
              return (await channel.checkQueue(mailerQueue)).consumerCount > 0;
            } catch {
              return false;
            } finally {
              await channel.close().catch(() => undefined);
            }
          },
          30_000,
          100,
        );
      } finally {
        await admin.close();
      }
      return { pid: child.pid!, kill: () => stopChild('SIGKILL'), stop: () => stopChild('SIGTERM') };
    },
    async ventureDb() {
      ventureConnection ??= await mongoose
        .createConnection(options.mongo.url, { dbName: ventureDbName })
        .asPromise();
      return ventureConnection;
    },
    async ventureOutbox() {
      const db = await platform.ventureDb();
      const docs = await db
        .collection('ventures')
        .aggregate<{ n: number }>([{ $project: { n: { $size: { $ifNull: ['$outbox', []] } } } }])
        .toArray();
      return docs.reduce((sum, d) => sum + d.n, 0);
    },
    async close() {
      for (const child of children.splice(0).reverse()) await child.close();
      await services.close();
      await ventureProxy?.close();
      await ventureConnection?.close();
      if (options.amqpUrl)
        await deleteQueues(options.brokerUrl ?? options.amqpUrl, declared).catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return platform;
}

/** Changes the status of each task through the gateway, `concurrency` at a time; returns the statuses. */
export async function changeTasks(
  browser: Browser,
  taskIds: string[],
  status: string,
  concurrency = 4,
): Promise<number[]> {
  const queue = [...taskIds];
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        statuses.push((await browser.call('PATCH', `/api/venture-tasks/${next}`, { status })).status);
      }
    }),
  );
  return statuses;
}
