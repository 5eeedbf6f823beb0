// `npm run bench:soak`: the platform under sustained, mixed load (RELIABILITY.md "Load"): sign-ins, venture
// reads and task status changes together, with the mailer sending every task e-mail to an SMTP sink in this
// process. Every ~10 s it samples memory (after a forced GC), open connections, the outbox lag and the
// e-mails sent; at the end it prints a table, writes bench-results/soak-<date>.json and a verdict:
//   - live heap growth from the first sample after warm-up to the end ≤ max(+20 %, +30 MB) (without MONGO_URL
//     the embedded engine runs in this process, so the mailer's sent-log, one document per e-mail, counts in
//     it: about 3 KB per e-mail, shown per sample),
//   - no error other than 429,
//   - the outbox drains and every task change got exactly one e-mail once the load stops.
// Real MongoDB / Redis / RabbitMQ where MONGO_URL / REDIS_URL / AMQP_URL are set, embedded stand-ins otherwise
// (said in the output). Loopback only; the load is paced (SOAK_USERS × SOAK_RATE operations per second).
//
//   SOAK_MINUTES (default 5), SOAK_USERS (8), SOAK_RATE (operations per second per user, 5),
//   SOAK_WARMUP_S (30), SOAK_SAMPLE_S (10)
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import amqp from 'amqplib';
import mongoose from 'mongoose';
import { createAmqpBus, createLogger, retryQueueNames, type EventBus } from '@app/common';
import type { RunningMailerService } from '@app/mailer';
import { Browser, startPlatform as startServices, startSmtpSink, startTestMongo } from '@app/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SECRET = 'soak-internal-secret-0123456789abcdef01234';
const PASSWORD = 'soak-founder-pass-1';
const MINUTES = Number(process.env.SOAK_MINUTES ?? 5);
const USERS = Number(process.env.SOAK_USERS ?? 8);
const RATE = Number(process.env.SOAK_RATE ?? 5);
const WARMUP_S = Number(process.env.SOAK_WARMUP_S ?? 30);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_S ?? 10);
/** Operations per signed-in session before the user signs out and in again. */
const OPS_PER_SESSION = 20;
const HEAP_BOUND = { percent: 20, mb: 30 };
/** Open sockets may vary with the load's rhythm, but not grow: at most this many above the warm-up sample. */
const SOCKET_GROWTH_BOUND = 25;
/** The oldest event waiting in the outbox during the load (RELIABILITY "outbox lag bounded"). */
const OUTBOX_AGE_BOUND_MS = 10_000;
const { REDIS_URL, AMQP_URL, MONGO_URL } = process.env;
const logger = createLogger({ name: 'soak', level: process.env.LOG_LEVEL ?? 'silent' });
const run = randomUUID().slice(0, 8);
const MB = 1024 * 1024;

const gc = (globalThis as { gc?: () => void }).gc;

// ---------------------------------------------------------------------------------------------------------
// The platform

/** Each queue gets a per-run prefix: on a shared broker this run never competes with another platform. */
function namespaced(bus: EventBus, declared: Set<string>): EventBus {
  return {
    ...bus,
    publish: (events) => bus.publish(events),
    subscribe: (sub) => {
      const renamed = { ...sub, queue: `soak.${run}.${sub.queue}` };
      for (const name of [renamed.queue, `${renamed.queue}.dead`, ...retryQueueNames(renamed)])
        declared.add(name);
      return bus.subscribe(renamed);
    },
    ready: () => bus.ready(),
    onReady: (listener) => bus.onReady(listener),
    close: () => bus.close(),
  };
}

/** Counts only this run's e-mails (a shared broker also carries other platforms' events), by Message-ID. */
async function startSink() {
  const messageIds = new Set<string>();
  let accepted = 0;
  const sink = await startSmtpSink({
    keep: false,
    onAccepted: (mail) => {
      if (!mail.to.some((address) => address.startsWith(`soak.${run}.`))) return;
      accepted += 1;
      if (mail.messageId) messageIds.add(mail.messageId);
    },
  });
  return {
    url: sink.url,
    accepted: () => accepted,
    distinct: () => messageIds.size,
    close: () => sink.close(),
  };
}

/** Mailer, auth and venture behind the gateway (the test library's `startPlatform`), at production costs. */
async function startPlatform() {
  const mongo = await startTestMongo();
  const declared = new Set<string>();
  const smtp = await startSink();
  const ventureDb = `venture_soak_${run}`;
  const mailerDbName = `mailer_soak_${run}`;
  const services = await startServices({
    services: ['mailer', 'auth', 'venture'],
    secret: SECRET,
    logger,
    mongo,
    // On RabbitMQ each deployable has its own connection, on this run's queues; else one in-process bus.
    ...(AMQP_URL
      ? {
          bus: async (name: string) => {
            const amqpBus = createAmqpBus({ url: AMQP_URL, logger, connectionName: `soak-${run}-${name}` });
            await amqpBus.waitUntilReady(15_000);
            return namespaced(amqpBus, declared);
          },
        }
      : {}),
    env: {
      services: { LOG_LEVEL: 'silent' },
      // Production password hashing: sign-in cost is part of what the soak measures.
      auth: { PASSWORD_ARGON2_MEMORY_KIB: undefined, PASSWORD_ARGON2_PASSES: undefined },
      mailer: {
        SMTP_URL: smtp.url,
        DATA_DIR: path.join(os.tmpdir(), `soak-${run}`),
        PUBLIC_URL: 'https://app.soak.test',
      },
      gateway: {
        LOG_LEVEL: 'silent',
        REDIS_URL,
        // Every virtual user signs in from 127.0.0.1: the per-address limits would otherwise be the test.
        LOGIN_LIMIT_PER_CLIENT: '1000000',
        REGISTER_LIMIT_PER_CLIENT: '1000000',
        // Sign-ins of one account per minute, and its live sessions, are limited too (issue 20).
        SIGNIN_LIMIT_PER_MINUTE: '1000000',
        SESSION_LIMIT_PER_USER: '1000000',
      },
    },
    overrides: { mailer: { dbName: mailerDbName }, venture: { dbName: ventureDb } },
  });
  const gateway = services.gateway;
  const mailer = services.service<RunningMailerService>('mailer');
  const db = await mongoose.createConnection(mongo.url, { dbName: ventureDb }).asPromise();
  const mailerDb = await mongoose.createConnection(mongo.url, { dbName: mailerDbName }).asPromise();
  return {
    base: services.base,
    gateway,
    mailer,
    smtp,
    mongoKind: mongo.kind,
    /** Documents in the mailer's sent-log (one per e-mail, kept for deduplication: data, not a leak). */
    sentLog: () => mailerDb.collection('sent_mails').countDocuments(),
    /** Unpublished events in the venture outbox: count and the oldest one's age. */
    async outboxLag(): Promise<{ pending: number; oldestAgeMs: number | null }> {
      const [row] = await db
        .collection('ventures')
        .aggregate<{ pending: number; oldest: string | null }>([
          {
            $project: { n: { $size: { $ifNull: ['$outbox', []] } }, first: { $arrayElemAt: ['$outbox', 0] } },
          },
          { $group: { _id: null, pending: { $sum: '$n' }, oldest: { $min: '$first.occurredAt' } } },
        ])
        .toArray();
      const oldest = row?.oldest ? Date.parse(row.oldest) : null;
      return { pending: row?.pending ?? 0, oldestAgeMs: oldest === null ? null : Date.now() - oldest };
    },
    async close() {
      await services.close();
      await smtp.close();
      await db.close();
      await mailerDb.close();
      if (AMQP_URL) {
        const connection = await amqp.connect(AMQP_URL);
        for (const queue of declared) {
          const channel = await connection.createChannel();
          channel.on('error', () => undefined);
          await channel.deleteQueue(queue).catch(() => undefined);
          await channel.close().catch(() => undefined);
        }
        await connection.close();
      }
      await mongo.stop();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The load

interface Counters {
  requests: number;
  byOperation: Record<string, number>;
  errors: Record<string, number>;
  latencies: number[];
  taskChanges: number;
}

const counters: Counters = { requests: 0, byOperation: {}, errors: {}, latencies: [], taskChanges: 0 };

/** The shared test browser (cookie kept, anti-forgery header sent), counting every call and error by kind. */
class Client {
  private readonly browser: Browser;
  constructor(base: string) {
    this.browser = new Browser(base);
  }
  async call(
    operation: string,
    method: string,
    urlPath: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const started = performance.now();
    counters.requests += 1;
    counters.byOperation[operation] = (counters.byOperation[operation] ?? 0) + 1;
    try {
      const reply = await this.browser.call(method, urlPath, body, 10_000);
      counters.latencies.push(performance.now() - started);
      if (reply.status >= 400) {
        const code = (reply.body as { code?: unknown } | undefined)?.code;
        const key = `HTTP ${reply.status}${typeof code === 'string' ? ` ${code}` : ''}`;
        counters.errors[key] = (counters.errors[key] ?? 0) + 1;
      }
      return { status: reply.status, json: reply.body };
    } catch (err) {
      const e = err as { name?: string; cause?: { code?: string }; code?: string };
      const key = `ERR ${e.cause?.code ?? e.code ?? e.name ?? 'unknown'}`;
      counters.errors[key] = (counters.errors[key] ?? 0) + 1;
      return { status: 0, json: undefined };
    }
  }
}

const NEXT_STATUS: Record<string, string> = { todo: 'in_progress', in_progress: 'done', done: 'todo' };

/** One virtual user: signs in, reads its venture and changes a task per operation, signs out every 20. */
async function virtualUser(base: string, index: number, until: () => boolean): Promise<void> {
  const setup = new Client(base);
  const username = `soak.${run}.${index}@soak.test`;
  const reg = await setup.call('register', 'POST', '/api/register', { username, password: PASSWORD });
  if (reg.status !== 201) throw new Error(`registration failed: ${reg.status}`);
  const created = await setup.call('create venture', 'POST', '/api/ventures', {
    name: `Soak Venture ${index}`,
  });
  if (created.status !== 201) throw new Error(`venture creation failed: ${created.status}`);
  const venture = created.json as {
    id: string;
    tasks: Array<{ id: string; status: string; prerequisiteIds: string[] }>;
  };
  const status = new Map(venture.tasks.map((t) => [t.id, t.status]));
  // Tasks without prerequisites (issue 17): a change the client missed (a 429) never leaves one waiting on another.
  const taskIds = venture.tasks.filter((t) => t.prerequisiteIds.length === 0).map((t) => t.id);
  await setup.call('logout', 'POST', '/api/logout');

  const intervalMs = 1000 / RATE;
  let next = performance.now();
  let op = 0;
  const pace = async () => {
    next += intervalMs;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    else next = performance.now(); // behind: never burst to catch up
  };
  while (until()) {
    const client = new Client(base);
    const login = await client.call('login', 'POST', '/api/login', { username, password: PASSWORD });
    await pace();
    if (login.status !== 200) continue;
    for (let i = 0; i < OPS_PER_SESSION && until(); i += 1) {
      if (op % 2 === 0) {
        await client.call('read venture', 'GET', `/api/ventures/${venture.id}`);
      } else {
        const taskId = taskIds[(op >> 1) % taskIds.length]!;
        const to = NEXT_STATUS[status.get(taskId) ?? 'todo']!;
        const res = await client.call('change task', 'PATCH', `/api/venture-tasks/${taskId}`, { status: to });
        if (res.status === 200) {
          status.set(taskId, to);
          counters.taskChanges += 1;
        }
      }
      op += 1;
      await pace();
    }
    await client.call('logout', 'POST', '/api/logout');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sampling and report

interface Sample {
  t: number;
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  gatewayConnections: number;
  tcpSockets: number;
  outboxPending: number;
  outboxOldestMs: number | null;
  emailsSent: number;
  sentLog: number;
  taskChanges: number;
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const r1 = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  if (!gc)
    throw new Error('run with --expose-gc (npm run bench:soak does): heap samples are taken after a GC');
  const platform = await startPlatform();
  const stamp = new Date().toISOString().replace(/[:]/g, '-').replace(/\..*/, '');
  console.log(
    [
      `Soak ${run}: ${MINUTES} min, ${USERS} users × ${RATE} operations/s (≈${USERS * RATE} requests/s), ` +
        `a sign-out and sign-in every ${OPS_PER_SESSION} operations; half reads, half task status changes`,
      `  MongoDB: ${platform.mongoKind}, Redis: ${REDIS_URL ? 'real (REDIS_URL)' : 'memory stand-in'}, ` +
        `RabbitMQ: ${AMQP_URL ? 'real (AMQP_URL)' : 'in-process stand-in'}, SMTP: in-process sink, ` +
        `node ${process.version}, ${os.cpus().length} CPUs`,
      `  warm-up ${WARMUP_S} s, a sample every ${SAMPLE_S} s; verdict: live heap growth after warm-up ≤ ` +
        `max(+${HEAP_BOUND.percent} %, +${HEAP_BOUND.mb} MB), no error but 429, outbox drained and one e-mail per change`,
    ].join('\n'),
  );
  if (!MONGO_URL)
    console.log('  (the embedded MongoDB engine runs in this process: its data is part of the heap)');

  const started = performance.now();
  const endAt = started + MINUTES * 60_000;
  const running = () => performance.now() < endAt;
  const users = Array.from({ length: USERS }, (_, i) => virtualUser(platform.base, i, running));
  const samples: Sample[] = [];
  let lastRequests = 0;
  let lastT = 0;
  let lastLatencyIndex = 0;

  const takeSample = async (): Promise<Sample> => {
    gc();
    const memory = process.memoryUsage();
    const t = (performance.now() - started) / 1000;
    const lag = await platform.outboxLag();
    const window = counters.latencies.slice(lastLatencyIndex).sort((a, b) => a - b);
    lastLatencyIndex = counters.latencies.length;
    const gatewayConnections = await new Promise<number>((resolve) =>
      platform.gateway.server.getConnections((_err, count) => resolve(count ?? 0)),
    );
    const sample: Sample = {
      t: Math.round(t),
      rssMb: r1(memory.rss / MB),
      heapUsedMb: r1(memory.heapUsed / MB),
      externalMb: r1(memory.external / MB),
      gatewayConnections,
      tcpSockets: process.getActiveResourcesInfo().filter((kind) => kind === 'TCPSocketWrap').length,
      outboxPending: lag.pending,
      outboxOldestMs: lag.oldestAgeMs,
      emailsSent: platform.smtp.accepted(),
      sentLog: await platform.sentLog(),
      taskChanges: counters.taskChanges,
      requests: counters.requests,
      rps: r1((counters.requests - lastRequests) / Math.max(1, t - lastT)),
      p50Ms: r1(quantile(window, 0.5)),
      p99Ms: r1(quantile(window, 0.99)),
      errors: Object.values(counters.errors).reduce((a, b) => a + b, 0),
    };
    lastRequests = counters.requests;
    lastT = t;
    // Keep the latency list from growing for the whole run.
    if (counters.latencies.length > 100_000) {
      counters.latencies = [];
      lastLatencyIndex = 0;
    }
    samples.push(sample);
    console.log(
      `  ${String(sample.t).padStart(4)} s  rss ${sample.rssMb} MB  heap ${sample.heapUsedMb} MB  ` +
        `conns ${sample.gatewayConnections}/${sample.tcpSockets}  outbox ${sample.outboxPending}` +
        `${sample.outboxOldestMs === null ? '' : ` (${sample.outboxOldestMs} ms)`}  e-mails ${sample.emailsSent}/` +
        `${sample.taskChanges}  ${sample.rps} req/s  p50 ${sample.p50Ms} ms  p99 ${sample.p99Ms} ms  errors ${sample.errors}`,
    );
    return sample;
  };

  let failure: unknown = null;
  const load = Promise.all(users).catch((err: unknown) => {
    failure = err;
  });
  await takeSample();
  while (running() && failure === null) {
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(SAMPLE_S * 1000, Math.max(0, endAt - performance.now()))),
    );
    await takeSample();
  }
  await load;
  if (failure) throw failure;
  const loadEnd = await takeSample();

  // After the load: the outbox drains and every change gets its e-mail (bounded wait).
  const expectedEmails = counters.taskChanges + USERS; // + one welcome e-mail per user
  const drainStarted = performance.now();
  while (performance.now() - drainStarted < 60_000) {
    const lag = await platform.outboxLag();
    if (lag.pending === 0 && platform.smtp.accepted() >= expectedEmails) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const drainMs = Math.round(performance.now() - drainStarted);
  const finalLag = await platform.outboxLag();
  const mailerStats = platform.mailer.stats();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const emailsSent = platform.smtp.accepted();
  const emailsDistinct = platform.smtp.distinct();

  const warm = samples.find((s) => s.t >= WARMUP_S) ?? samples[0]!;
  // The trend after the warm-up (least squares over the samples, MiB per minute): what "flat" means.
  const afterWarm = samples.filter((s) => s.t >= warm.t);
  const heapSlope = r1(slope(afterWarm.map((s) => [s.t / 60, s.heapUsedMb])) * 100) / 100;
  const rssSlope = r1(slope(afterWarm.map((s) => [s.t / 60, s.rssMb])) * 100) / 100;
  const heapGrowthMb = r1(loadEnd.heapUsedMb - warm.heapUsedMb);
  const heapGrowthPercent = r1((100 * (loadEnd.heapUsedMb - warm.heapUsedMb)) / warm.heapUsedMb);
  const heapOk = heapGrowthMb <= HEAP_BOUND.mb || heapGrowthPercent <= HEAP_BOUND.percent;
  const unexpectedErrors = Object.entries(counters.errors).filter(([kind]) => !kind.startsWith('HTTP 429'));
  const errorsOk = unexpectedErrors.length === 0;
  const maxOutboxAge = Math.max(0, ...samples.map((s) => s.outboxOldestMs ?? 0));
  const mailOk = finalLag.pending === 0 && emailsDistinct === expectedEmails && emailsSent === expectedEmails;
  const afterWarmUp = samples.filter((s) => s.t >= warm.t);
  const socketGrowth = Math.max(...afterWarmUp.map((s) => s.tcpSockets)) - warm.tcpSockets;
  const socketsOk = socketGrowth <= SOCKET_GROWTH_BOUND;
  const outboxOk = maxOutboxAge <= OUTBOX_AGE_BOUND_MS;
  const pass = heapOk && errorsOk && mailOk && socketsOk && outboxOk;

  const allLatencies = [...counters.latencies].sort((a, b) => a - b);
  const report = {
    name: 'soak',
    date: new Date().toISOString(),
    settings: {
      minutes: MINUTES,
      users: USERS,
      ratePerUser: RATE,
      targetRps: USERS * RATE,
      opsPerSession: OPS_PER_SESSION,
      warmupS: WARMUP_S,
      sampleS: SAMPLE_S,
      mongo: MONGO_URL ? 'MONGO_URL' : 'embedded (in this process)',
      redis: REDIS_URL ? 'real' : 'memory',
      rabbitmq: AMQP_URL ? 'real' : 'in-process',
      node: process.version,
      cpus: os.cpus().length,
    },
    totals: {
      requests: counters.requests,
      byOperation: counters.byOperation,
      taskChanges: counters.taskChanges,
      emailsExpected: expectedEmails,
      emailsSent,
      emailsDistinct,
      mailer: mailerStats,
      drainMs,
      maxOutboxAgeMs: maxOutboxAge,
      finalOutboxPending: finalLag.pending,
      lastWindowP50Ms: r1(quantile(allLatencies, 0.5)),
      lastWindowP99Ms: r1(quantile(allLatencies, 0.99)),
    },
    errorsByKind: counters.errors,
    memory: samples.map(({ t, rssMb, heapUsedMb, externalMb }) => ({ t, rssMb, heapUsedMb, externalMb })),
    samples,
    verdict: {
      pass,
      heap: {
        fromMb: warm.heapUsedMb,
        fromT: warm.t,
        toMb: loadEnd.heapUsedMb,
        growthMb: heapGrowthMb,
        growthPercent: heapGrowthPercent,
        bound: `≤ +${HEAP_BOUND.percent} % or ≤ +${HEAP_BOUND.mb} MB`,
        ok: heapOk,
        slopeMbPerMin: heapSlope,
        rssSlopeMbPerMin: rssSlope,
      },
      errors: { unexpected: Object.fromEntries(unexpectedErrors), ok: errorsOk },
      sockets: {
        atWarmUp: warm.tcpSockets,
        max: warm.tcpSockets + socketGrowth,
        bound: `≤ +${SOCKET_GROWTH_BOUND} over the warm-up sample`,
        ok: socketsOk,
      },
      outboxLag: { maxOldestMs: maxOutboxAge, bound: `≤ ${OUTBOX_AGE_BOUND_MS} ms`, ok: outboxOk },
      mail: {
        expected: expectedEmails,
        sent: emailsSent,
        distinct: emailsDistinct,
        outboxPending: finalLag.pending,
        ok: mailOk,
      },
    },
  };
  const outDir = path.join(root, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `soak-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);

  console.log('');
  console.table(
    samples.map((s) => ({
      s: s.t,
      'rss MB': s.rssMb,
      'heap MB': s.heapUsedMb,
      'gw conns': s.gatewayConnections,
      tcp: s.tcpSockets,
      outbox: s.outboxPending,
      'oldest ms': s.outboxOldestMs ?? '-',
      'e-mails': s.emailsSent,
      'sent-log': s.sentLog,
      changes: s.taskChanges,
      'req/s': s.rps,
      'p50 ms': s.p50Ms,
      'p99 ms': s.p99Ms,
      errors: s.errors,
    })),
  );
  console.log(`  requests ${counters.requests} (${JSON.stringify(counters.byOperation)})`);
  console.log(`  errors by kind: ${JSON.stringify(counters.errors)}`);
  console.log(
    `  heap ${warm.heapUsedMb} MB at ${warm.t} s → ${loadEnd.heapUsedMb} MB at ${loadEnd.t} s: ` +
      `${heapGrowthMb >= 0 ? '+' : ''}${heapGrowthMb} MB (${heapGrowthPercent} %) ${heapOk ? 'within' : 'OVER'} the bound`,
  );
  console.log(
    `  slope after warm-up (least squares): heap ${heapSlope} MB/min, rss ${rssSlope} MB/min (every deployable ` +
      `in this one process; per deployable: BENCH_SOAK_MINUTES with npm run bench -w @app/bench)`,
  );
  if (!MONGO_URL && loadEnd.sentLog > warm.sentLog)
    console.log(
      `  of which data: the embedded engine in this process holds the mailer's sent-log, ` +
        `${loadEnd.sentLog - warm.sentLog} documents more (${r1((1024 * heapGrowthMb) / (loadEnd.sentLog - warm.sentLog))} KB of heap growth per document)`,
    );
  console.log(
    `  outbox: oldest pending event ${maxOutboxAge} ms at worst; drained ${finalLag.pending === 0 ? 'yes' : 'NO'} ` +
      `(${drainMs} ms after the load); e-mails ${emailsSent} (${emailsDistinct} distinct) of ${expectedEmails} expected`,
  );
  console.log(
    `  sockets: ${warm.tcpSockets} at warm-up, ${warm.tcpSockets + socketGrowth} at most after ` +
      `(${socketsOk ? 'within' : 'OVER'} +${SOCKET_GROWTH_BOUND}); outbox age ${outboxOk ? 'within' : 'OVER'} ${OUTBOX_AGE_BOUND_MS} ms`,
  );
  console.log(`  verdict: ${pass ? 'PASS' : 'FAIL'}  → ${path.relative(root, file)}`);
  await platform.close();
  process.exitCode = pass ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
