// `npm run bench -w @app/bench`: the platform's throughput and latency figures, each a ratio measured in the
// same run so it means the same on a noisy machine. Real Redis and RabbitMQ when REDIS_URL / AMQP_URL are set,
// the embedded stand-ins otherwise (said in the report). Loopback only, bounded durations.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import amqp from 'amqplib';
import {
  createAmqpBus,
  createEvent,
  createEventBus,
  createLogger,
  IDENTITY_HEADER,
  listen,
  signIdentity,
} from '@app/common';
import { authConfigSchema, startAuthService } from '@app/auth';
import { createApp, createRedisClient, gatewayConfigSchema, waitForRedis } from '@app/gateway';
import { startTestMongo } from '@app/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SECRET = 'bench-internal-secret-0123456789abcdef';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const { REDIS_URL, AMQP_URL } = process.env;
const logger = createLogger({ name: 'bench', level: process.env.LOG_LEVEL ?? 'silent' });

interface Figure {
  name: string;
  value: number;
  unit: string;
  target: string;
  met: boolean | null;
  detail?: Record<string, number | string>;
}
const figures: Figure[] = [];

function record(figure: Figure): void {
  figures.push(figure);
  const verdict = figure.met === null ? 'n/a' : figure.met ? 'met' : 'MISSED';
  console.log(`  ${figure.name}: ${round(figure.value)} ${figure.unit} (target ${figure.target}) ${verdict}`);
}

const round = (n: number) => Math.round(n * 1000) / 1000;

async function load(opts: {
  url: string;
  connections: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  duration?: number;
}): Promise<{ rps: number; p50: number; p99: number; requests: number; failures: number }> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration ?? DURATION_S,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts,
  };
}

/** Sequential keep-alive requests, timed one by one: the unloaded latency, in ms. */
async function sequentialLatency(url: string, headers: Record<string, string>, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
        })
        .on('error', reject);
    });
  for (let i = 0; i < 200; i++) await once(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < count; i++) samples.push(await once());
  agent.destroy();
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(count / 2)]!, mean: samples.reduce((a, b) => a + b, 0) / count };
}

async function main(): Promise<void> {
  const mongo = await startTestMongo();
  const bus = createEventBus({ url: AMQP_URL, logger, connectionName: 'bench' });
  const auth = await startAuthService(
    authConfigSchema.parse({
      NODE_ENV: 'test',
      INTERNAL_SECRET: SECRET,
      MONGO_URL: `${mongo.url}/${mongo.uniqueDbName('bench_auth')}`,
      PORT: '0',
      LOG_LEVEL: 'silent',
    }),
    { logger, bus, port: 0, host: '127.0.0.1' },
  );
  let upstreamConnections = 0;
  const redis = REDIS_URL ? createRedisClient(REDIS_URL, logger) : null;
  let redisCommands = 0;
  if (redis) {
    await waitForRedis(redis);
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = ((...args: Parameters<typeof send>) => {
      redisCommands += 1;
      return send(...args);
    }) as typeof send;
  }
  const { app } = createApp({
    // 'test', not 'production': production cookies are Secure and this bench speaks plain HTTP on loopback.
    config: gatewayConfigSchema.parse({
      NODE_ENV: 'test',
      INTERNAL_SECRET: SECRET,
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
      WEB_DIST: '/nonexistent',
      AUTH_URL: `http://127.0.0.1:${auth.port}`,
      LOG_LEVEL: 'silent',
      LOGIN_LIMIT_PER_CLIENT: '1000000',
      LOGIN_LIMIT_PER_ACCOUNT: '1000000',
      REGISTER_LIMIT_PER_CLIENT: '1000000',
    }),
    logger,
    redis,
  });
  const gateway = await listen(app, 0, '127.0.0.1');
  const gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  const authUrl = `http://127.0.0.1:${auth.port}`;

  const bare = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 'ok' }));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  // A signed-in browser: register once, keep the session cookie.
  const username = `bench.${Date.now()}@example.com`;
  const password = 'bench-password-1';
  const registered = await fetch(`${gatewayUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ username, password }),
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
  const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
  const userId = String(((await registered.json()) as { id: string }).id);
  const identity = () => signIdentity(SECRET, { sub: userId, aud: 'auth', exp: Date.now() + 3_600_000 });

  console.log(
    `Venture Roadmap platform bench — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
  );
  console.log(
    `  Redis: ${REDIS_URL ? 'real' : 'memory stand-in'}, RabbitMQ: ${AMQP_URL ? 'real' : 'in-process stand-in'}, MongoDB: ${mongo.kind}`,
  );

  // 1. A service's HTTP stack against bare node:http (the same small JSON answer).
  const bareRun = await load({ url: `${bareUrl}/healthz`, connections: 50 });
  const serviceRun = await load({ url: `${authUrl}/healthz`, connections: 50 });
  record({
    name: 'service ÷ bare node:http throughput (GET /healthz, 50 connections)',
    value: serviceRun.rps / bareRun.rps,
    unit: '×',
    target: '≥ 0.6',
    met: serviceRun.rps / bareRun.rps >= 0.6,
    detail: { serviceRps: serviceRun.rps, bareRps: bareRun.rps },
  });

  // 2. Through the gateway against direct, for a signed-in read (GET /api/user).
  const server = await waitForAuthServer(auth.port);
  server?.on('connection', () => {
    upstreamConnections += 1;
  });
  const directRun = await load({
    url: `${authUrl}/api/user`,
    connections: 50,
    headers: { [IDENTITY_HEADER]: identity() },
  });
  // Warm-up: the gateway's pool fills once per client connection; the figure is about steady-state reuse.
  await load({ url: `${gatewayUrl}/api/user`, connections: 50, headers: { cookie }, duration: 1 });
  upstreamConnections = 0;
  const gatewayRun = await load({ url: `${gatewayUrl}/api/user`, connections: 50, headers: { cookie } });
  const perThousand = (upstreamConnections / Math.max(1, gatewayRun.requests)) * 1000;
  record({
    name: 'through the gateway ÷ direct throughput (signed-in GET /api/user, 50 connections)',
    value: gatewayRun.rps / directRun.rps,
    unit: '×',
    target: '≥ 0.3',
    met: gatewayRun.rps / directRun.rps >= 0.3,
    detail: { gatewayRps: gatewayRun.rps, directRps: directRun.rps },
  });
  record({
    name: 'new upstream connections per 1,000 proxied requests',
    value: perThousand,
    unit: 'connections',
    target: '≤ 5',
    met: server ? perThousand <= 5 : null,
    detail: { connections: upstreamConnections, requests: gatewayRun.requests },
  });

  // 3. The latency one gateway hop adds, unloaded.
  const viaGateway = await sequentialLatency(`${gatewayUrl}/api/user`, { cookie }, 2000);
  const direct = await sequentialLatency(`${authUrl}/api/user`, { [IDENTITY_HEADER]: identity() }, 2000);
  const hop = viaGateway.p50 - direct.p50;
  record({
    name: 'latency added by the gateway hop, unloaded (p50 difference)',
    value: hop,
    unit: 'ms',
    target: '≤ 0.25',
    met: hop <= 0.25,
    detail: { gatewayP50: viaGateway.p50, directP50: direct.p50 },
  });

  // 4. Signed-in against anonymous, the same route through the gateway.
  const anonymousRun = await load({ url: `${gatewayUrl}/api/user`, connections: 50 });
  record({
    name: 'signed-in ÷ anonymous throughput (GET /api/user through the gateway)',
    value: gatewayRun.rps / anonymousRun.rps,
    unit: '×',
    target: '≥ 0.6',
    met: gatewayRun.rps / anonymousRun.rps >= 0.6,
    detail: { signedInRps: gatewayRun.rps, anonymousRps: anonymousRun.rps },
  });

  // 5. Redis commands per signed-in read (no session write or touch on a read that changed nothing).
  if (redis) {
    const reads = 500;
    redisCommands = 0;
    for (let i = 0; i < reads; i++) {
      const res = await fetch(`${gatewayUrl}/api/user`, { headers: { cookie } });
      await res.arrayBuffer();
    }
    record({
      name: 'Redis commands per signed-in read',
      value: redisCommands / reads,
      unit: 'commands',
      target: '≤ 1.05',
      met: redisCommands / reads <= 1.05,
    });
  } else {
    record({
      name: 'Redis commands per signed-in read',
      value: 0,
      unit: 'commands',
      target: '≤ 1.05',
      met: null,
      detail: { skipped: 'REDIS_URL is not set' },
    });
  }

  // 6. Login cost: password verification per second on this machine's cores.
  const loginRun = await load({
    url: `${gatewayUrl}/api/login`,
    method: 'POST',
    connections: os.cpus().length * 2,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ username, password }),
  });
  record({
    name: `logins per second (scrypt, ${os.cpus().length} cores)`,
    value: loginRun.rps,
    unit: 'logins/s',
    target: 'reported',
    met: null,
    detail: { p50Ms: loginRun.p50, p99Ms: loginRun.p99 },
  });

  // 7. Outbox publishing: confirms in flight against one confirm at a time.
  if (AMQP_URL) await benchConfirms(AMQP_URL);
  else
    record({
      name: 'publishing with confirms in flight ÷ one at a time',
      value: 0,
      unit: '×',
      target: '≥ 8',
      met: null,
      detail: { skipped: 'AMQP_URL is not set' },
    });

  for (const pending of [
    'signed-in GET /api/ventures/{id} with 50 tasks (rps, p50/p99 at 1 and 50 connections)',
    'task status change → e-mail accepted by SMTP (p50/p99 under load)',
  ])
    record({
      name: pending,
      value: 0,
      unit: '',
      target: 'not measured yet',
      met: null,
      detail: { reason: 'the venture service and the mailer are not part of this bench yet' },
    });

  const report = {
    ranAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    infrastructure: {
      redis: REDIS_URL ? 'real' : 'memory',
      rabbitmq: AMQP_URL ? 'real' : 'in-process',
      mongodb: mongo.kind,
    },
    durationSecondsPerRun: DURATION_S,
    figures,
  };
  const outDir = path.join(root, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'platform.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`report: ${path.relative(root, path.join(outDir, 'platform.json'))}`);

  gateway.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
  bare.close();
  await auth.close();
  await bus.close();
  redis?.disconnect();
  await mongo.stop();
}

/** The auth service's HTTP server, found among the process's listening handles by port. */
async function waitForAuthServer(port: number): Promise<http.Server | null> {
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  for (const handle of handles)
    if (handle instanceof http.Server && (handle.address() as AddressInfo | null)?.port === port)
      return handle;
  return null;
}

async function benchConfirms(url: string): Promise<void> {
  const admin = await amqp.connect(url);
  const channel = await admin.createChannel();
  const queue = (await channel.assertQueue('', { exclusive: true, autoDelete: true })).queue;
  const publisher = createAmqpBus({ url, logger, connectionName: 'bench-confirms' });
  await publisher.waitUntilReady();
  await channel.checkExchange('events');
  await channel.bindQueue(queue, 'events', 'venture.created');
  const event = (n: number) =>
    createEvent(
      'venture.created',
      { ventureId: `bench-${n}`, ownerId: 'bench', name: `V${n}` },
      { producer: 'bench' },
    );

  const sequentialCount = 300;
  let started = process.hrtime.bigint();
  for (let i = 0; i < sequentialCount; i++) await publisher.publish([event(i)]);
  const sequentialRate = sequentialCount / (Number(process.hrtime.bigint() - started) / 1e9);

  const batchCount = 3000;
  const batch = Array.from({ length: batchCount }, (_, i) => event(i));
  started = process.hrtime.bigint();
  await publisher.publish(batch);
  const inFlightRate = batchCount / (Number(process.hrtime.bigint() - started) / 1e9);

  record({
    name: 'publishing with confirms in flight ÷ one at a time',
    value: inFlightRate / sequentialRate,
    unit: '×',
    target: '≥ 8',
    met: inFlightRate / sequentialRate >= 8,
    detail: { inFlightPerSecond: Math.round(inFlightRate), oneAtATimePerSecond: Math.round(sequentialRate) },
  });
  await publisher.close();
  await channel.deleteQueue(queue).catch(() => undefined);
  await admin.close();
}

await main();
