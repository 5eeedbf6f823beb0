// The gateway on a Sentinel-monitored Redis (infra/deploy/k8s/base/redis.yaml, REDIS_URL=redis-sentinel://…):
// it finds the primary through the sentinel, and when the primary dies and the sentinel promotes the
// replica, it follows by itself — readiness returns and signed-in users stay signed in. Private
// redis-server processes on free ports (started and stopped here; the shared Redis is never touched).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { createLogger, IDENTITY_HEADER, listen, verifyIdentity } from '@app/common';
import { createApp, createRedisClient, gatewayConfigSchema, waitForRedis } from '@app/gateway';
import type { Redis } from 'ioredis';

const INTERNAL = 'ops-sentinel-internal-secret-0123456789abcdef';
const PASSWORD = 'ops-sentinel-redis-password';
const logger = createLogger({ name: 'ops-sentinel', level: 'silent' });
const dir = mkdtempSync(path.join(tmpdir(), 'ops-sentinel-'));
const processes: ChildProcess[] = [];
const servers: Server[] = [];
let redis: Redis | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function redisServer(args: string[]): ChildProcess {
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  processes.push(child);
  return child;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

/** A command to one of the private servers through redis-cli (installed with redis-server). */
const cli = (port: number, ...args: string[]) =>
  new Promise<string>((resolve) => {
    execFile('redis-cli', ['-p', String(port), '-a', PASSWORD, '--no-auth-warning', ...args], (err, stdout) =>
      resolve(err ? '' : stdout),
    );
  });

const ping = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

afterAll(async () => {
  redis?.disconnect();
  for (const s of servers) await new Promise((resolve) => s.close(resolve));
  for (const p of processes) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

it('reaches the primary through the sentinel and follows a failover by itself, sessions included', async () => {
  const [primaryPort, replicaPort, sentinelPort] = [await freePort(), await freePort(), await freePort()];
  const common = ['--save', '', '--appendonly', 'no', '--bind', '127.0.0.1', '--requirepass', PASSWORD];
  // The replica syncs at once (Redis waits 5 s by default to batch diskless syncs).
  common.push('--repl-diskless-sync-delay', '0');
  const primary = redisServer(['--port', String(primaryPort), ...common, '--masterauth', PASSWORD]);
  redisServer([
    '--port',
    String(replicaPort),
    ...common,
    '--masterauth',
    PASSWORD,
    '--replicaof',
    '127.0.0.1',
    String(primaryPort),
  ]);
  const sentinelConf = path.join(dir, 'sentinel.conf');
  writeFileSync(
    sentinelConf,
    [
      `port ${sentinelPort}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor mymaster 127.0.0.1 ${primaryPort} 1`,
      `sentinel auth-pass mymaster ${PASSWORD}`,
      'sentinel down-after-milliseconds mymaster 1000',
      'sentinel failover-timeout mymaster 5000',
      '',
    ].join('\n'),
  );
  redisServer([sentinelConf, '--sentinel']);
  for (const port of [primaryPort, replicaPort, sentinelPort])
    expect(await until(() => ping(port), Boolean, 10_000)).toBe(true);
  const replication = () => cli(replicaPort, 'info', 'replication');
  expect(await until(replication, (info) => info.includes('master_link_status:up'), 15_000)).toContain(
    'master_link_status:up',
  );

  // A stand-in auth service: login opens a session, /api/user tells who the gateway says is calling.
  const upstream = express();
  upstream.use(express.json());
  upstream.post('/api/login', (req, res) => {
    res.setHeader('x-session-action', `open; user=${String(req.body.username)}; remember=0`);
    res.json({ ok: true });
  });
  upstream.get('/api/user', (req, res) => {
    res.json({ sub: verifyIdentity(INTERNAL, req.get(IDENTITY_HEADER), 'auth')?.sub ?? null });
  });
  const upstreamServer = await listen(upstream, 0, '127.0.0.1');
  servers.push(upstreamServer);

  const config = gatewayConfigSchema.parse({
    INTERNAL_SECRET: INTERNAL,
    REDIS_URL: `redis-sentinel://:${PASSWORD}@127.0.0.1:${sentinelPort}/mymaster`,
    AUTH_URL: `http://127.0.0.1:${(upstreamServer.address() as AddressInfo).port}`,
    WEB_DIST: '/nonexistent',
  });
  redis = createRedisClient(config.REDIS_URL!, logger);
  expect(await waitForRedis(redis)).toBe(true);
  const gatewayServer = await listen(createApp({ config, logger, redis }).app, 0, '127.0.0.1');
  servers.push(gatewayServer);
  const base = `http://127.0.0.1:${(gatewayServer.address() as AddressInfo).port}`;
  /** What /readyz says: the gateway stays in traffic (200) and reports Redis as up or not. */
  const ready = async () => {
    const res = await fetch(`${base}/readyz`);
    const body = (await res.json()) as { status: string };
    return `${res.status} ${body.status}`;
  };
  /** The port of the Redis server the gateway's client is connected to. */
  const connectedPort = async () => Number(/tcp_port:(\d+)/.exec(await redis!.info('server'))![1]);
  expect(await ready()).toBe('200 ready');
  expect(await connectedPort()).toBe(primaryPort);

  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'founder@example.com', password: 'x' }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const whoIs = async () =>
    ((await (await fetch(`${base}/api/user`, { headers: { cookie } })).json()) as { sub: string | null }).sub;
  expect(await whoIs()).toBe('founder@example.com');
  // The session reached the replica before the primary dies (WAIT: replicas that acknowledged the writes).
  expect((await cli(primaryPort, 'wait', '1', '2000')).trim()).toBe('1');
  // The sentinel learns of replicas from the primary's INFO, every 10 s: killed before that, the primary
  // leaves a sentinel that knows no replica to promote (a race a loaded machine lost).
  const sentinelReplicas = () =>
    new Promise<string>((resolve) => {
      execFile('redis-cli', ['-p', String(sentinelPort), 'sentinel', 'replicas', 'mymaster'], (err, stdout) =>
        resolve(err ? '' : stdout),
      );
    });
  expect(
    await until(sentinelReplicas, (list) => list.split('\n').includes(String(replicaPort)), 15_000),
  ).toContain(String(replicaPort));

  primary.kill('SIGKILL');
  expect(await until(ready, (status) => status === '200 degraded', 10_000)).toBe('200 degraded');
  // Sentinel notices after 1 s and promotes the replica; the client asks it again and reconnects.
  expect(await until(ready, (status) => status === '200 ready', 40_000)).toBe('200 ready');
  expect(await connectedPort()).toBe(replicaPort);
  expect(await whoIs()).toBe('founder@example.com');
}, 60_000);
