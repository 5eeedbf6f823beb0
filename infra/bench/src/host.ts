// One deployable of the bench in its own process, as in production: `node host.ts <role>` with the role's
// configuration in the environment. The bench (the parent, which also runs the load generator) talks to it over
// the IPC channel of `fork`: the host announces `ready` with its address, answers `stats` with the counters the
// figures need, and stops on `stop`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
// Each role imports only its own deployable, so a host's memory is that deployable's.

export type HostRole =
  | 'bare'
  | 'express'
  | 'proxy'
  | 'stack-proxy'
  | 'session-proxy'
  | 'mongo'
  | 'auth'
  | 'venture'
  | 'gateway'
  | 'mailer';

export type HostMessage =
  | { type: 'ready'; port: number; url: string; detail?: Record<string, unknown> }
  | {
      type: 'stats';
      id: number;
      connections: number;
      redisCommands: number;
      rssBytes: number;
      heapUsedBytes: number;
      heapTotalBytes: number;
      externalBytes: number;
      arrayBuffersBytes: number;
      /** From /proc/self/smaps_rollup (Linux): resident memory not backed by a file (heaps, malloc, stacks). */
      anonymousBytes: number;
      /** CPU time this process has used (user + system, all threads), in microseconds. */
      cpuMicros: number;
    }
  | { type: 'failed'; message: string };

export type ParentMessage = { type: 'stats'; id: number; gc?: boolean } | { type: 'stop' };

interface Started {
  port: number;
  server?: http.Server;
  detail?: Record<string, unknown>;
  stop(): Promise<void>;
}

let redisCommands = 0;

/** Resident anonymous memory in bytes (0 where /proc/self/smaps_rollup is not there). */
function anonymousResident(): number {
  try {
    const rollup = readFileSync('/proc/self/smaps_rollup', 'utf8');
    const kib = /^Anonymous:\s+(\d+) kB$/m.exec(rollup)?.[1];
    return kib ? Number(kib) * 1024 : 0;
  } catch {
    return 0;
  }
}

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

let gc: (() => void) | undefined;
/** A full GC on request (the soak's heap samples), without starting every host with --expose-gc. */
function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

async function startBare(): Promise<Started> {
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 'ok' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    server,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * References for the floors of two figures: an express app with nothing but the probe route (what the
 * framework alone costs against bare node:http), and a bare node:http proxy with a keep-alive agent in
 * front of PROXY_TARGET (what any proxy hop in Node costs on this machine, before a gateway does anything).
 */
async function startExpress(): Promise<Started> {
  const { default: express } = await import('express');
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return listenOn(http.createServer(app));
}

/** A bare node:http proxy; `before` runs first for each request (the session proxy's Redis read). */
async function startBareProxy(before?: () => Promise<unknown>): Promise<Started> {
  const target = new URL(process.env.PROXY_TARGET ?? 'http://127.0.0.1:9');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  };
  return listenOn(
    http.createServer(
      before
        ? (req, res) => {
            before().then(
              () => forward(req, res),
              () => res.writeHead(503).end(),
            );
          }
        : forward,
    ),
  );
}

/**
 * The floor of a signed-in hop (issue 22): the bare node:http proxy, reading one Redis key of a session's size
 * with ioredis before it forwards each request. Any gateway that keeps its sessions in Redis, as RELIABILITY.md
 * requires (revocation seen by every replica on the next request), makes this round trip per signed-in call.
 */
async function startSessionProxy(): Promise<Started> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { enableOfflineQueue: true });
  const key = `vr:bench:session:${process.pid}`;
  await redis.set(
    key,
    JSON.stringify({ userId: '0'.repeat(24), createdAt: 0, touchedAt: 0, remember: false }),
  );
  const started = await startBareProxy(async () => JSON.parse((await redis.get(key)) ?? 'null'));
  return {
    ...started,
    stop: async () => {
      await started.stop();
      await redis.del(key);
      redis.disconnect();
    },
  };
}

/**
 * The fixed stack's own proxy hop (issue 22): express and http-proxy-middleware with a keep-alive agent in front
 * of PROXY_TARGET, and nothing else (no session, headers, metrics or identity): what the gateway's stack costs
 * before the gateway adds anything, beside the bare node:http proxy.
 */
async function startStackProxy(): Promise<Started> {
  const [{ default: express }, { createProxyMiddleware }] = await Promise.all([
    import('express'),
    import('http-proxy-middleware'),
  ]);
  const app = express();
  app.disable('x-powered-by');
  app.use(
    createProxyMiddleware({
      target: process.env.PROXY_TARGET ?? 'http://127.0.0.1:9',
      agent: new http.Agent({ keepAlive: true, maxSockets: 256 }),
      xfwd: false,
      changeOrigin: false,
    }),
  );
  return listenOn(http.createServer(app));
}

async function listenOn(server: http.Server): Promise<Started> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    server,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function startMongo(): Promise<Started> {
  const { startEmbeddedMongo } = await import('@app/mongo-embedded');
  const engine = await startEmbeddedMongo({ port: 0 });
  return { port: engine.port, stop: () => engine.stop() };
}

async function startGatewayHost(): Promise<Started> {
  const { createLogger, listen } = await import('@app/common');
  const { createApp, createRedisClient, readGatewayConfig, waitForRedis } = await import('@app/gateway');
  const config = readGatewayConfig(process.env);
  const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, logger) : null;
  if (redis) {
    await waitForRedis(redis);
    // Every command the gateway sends, for "Redis commands per signed-in read".
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = ((...args: Parameters<typeof send>) => {
      redisCommands += 1;
      return send(...args);
    }) as typeof send;
  }
  const { app } = createApp({ config, logger, redis });
  const server = await listen(app, 0, '127.0.0.1');
  return {
    port: (server.address() as AddressInfo).port,
    server,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      redis?.disconnect();
    },
  };
}

async function start(role: HostRole): Promise<Started> {
  switch (role) {
    case 'bare':
      return startBare();
    case 'express':
      return startExpress();
    case 'proxy':
      return startBareProxy();
    case 'stack-proxy':
      return startStackProxy();
    case 'session-proxy':
      return startSessionProxy();
    case 'mongo':
      return startMongo();
    case 'gateway':
      return startGatewayHost();
    case 'auth': {
      const { readAuthConfig, startAuthService } = await import('@app/auth');
      const service = await startAuthService(readAuthConfig(process.env), { port: 0, host: '127.0.0.1' });
      return { port: service.port, server: service.server, stop: service.close };
    }
    case 'venture': {
      const { readVentureConfig, startVentureService } = await import('@app/venture');
      const service = await startVentureService(readVentureConfig(process.env), {
        port: 0,
        host: '127.0.0.1',
      });
      return { port: service.port, server: service.server, stop: service.close };
    }
    case 'mailer': {
      const { readMailerConfig, startMailerService } = await import('@app/mailer');
      const service = await startMailerService(readMailerConfig(process.env), { port: 0, host: '127.0.0.1' });
      return { port: service.port, detail: { queues: service.queues }, stop: service.close };
    }
  }
}

const role = process.argv[2] as HostRole;
const send = (message: HostMessage) => process.send?.(message);

try {
  const started = await start(role);
  let connections = 0;
  started.server?.on('connection', () => {
    connections += 1;
  });
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stats') {
      if (message.gc) collectGarbage();
      // BENCH_SMAPS (a directory): this process's memory map with each mapping's resident and anonymous size.
      if (process.env.BENCH_SMAPS)
        writeFileSync(
          path.join(process.env.BENCH_SMAPS, `${role}-${message.id}.smaps`),
          readFileSync('/proc/self/smaps'),
        );
      const memory = process.memoryUsage();
      send({
        type: 'stats',
        id: message.id,
        connections,
        redisCommands,
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        heapTotalBytes: memory.heapTotal,
        externalBytes: memory.external,
        arrayBuffersBytes: memory.arrayBuffers,
        anonymousBytes: anonymousResident(),
        cpuMicros: cpuMicros(),
      });
    } else if (message.type === 'stop')
      void started.stop().finally(() => {
        process.disconnect?.();
        process.exit(0);
      });
  });
  // The parent died without saying stop: do not linger.
  process.on('disconnect', () => process.exit(0));
  send({
    type: 'ready',
    port: started.port,
    url: `${role === 'mongo' ? 'mongodb' : 'http'}://127.0.0.1:${started.port}`,
    ...(started.detail ? { detail: started.detail } : {}),
  });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
