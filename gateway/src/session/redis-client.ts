import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '@app/common';

/**
 * What REDIS_URL names: a `redis://` or `rediss://` URL (one server), or a Sentinel-monitored primary as
 * `redis-sentinel://[:password@]host[:port][,host[:port]...]/<primary name>` (port 26379 by default; the
 * password is the data nodes' password). With Sentinel the client asks the sentinels where the primary is
 * and follows a failover by itself.
 */
export function redisTarget(url: string): string | RedisOptions {
  if (!url.startsWith('redis-sentinel:')) return url;
  const match = /^redis-sentinel:\/\/(?:(?:[^:@/]*):([^@/]*)@)?([^/]+)\/([^/?#]+)$/.exec(url);
  if (!match)
    throw new Error('REDIS_URL: expected redis-sentinel://[:password@]host:port[,host:port]/<name>');
  const [, password, hosts, name] = match;
  const sentinels = hosts!.split(',').map((hostPort) => {
    const [host, port] = hostPort.split(':');
    return { host: host!, port: port ? Number(port) : 26379 };
  });
  return {
    sentinels,
    name: decodeURIComponent(name!),
    ...(password ? { password: decodeURIComponent(password) } : {}),
  };
}

/**
 * A Redis client that fails fast (DESIGN.md): no offline queue, a command timeout and bounded retries per
 * command, so a dead or hung Redis turns into an immediate error (503) instead of requests that hang.
 * It keeps reconnecting in the background, so the gateway recovers by itself when Redis returns.
 */
export function createRedisClient(url: string, logger: Logger): Redis {
  const target = redisTarget(url);
  const options: RedisOptions = {
    enableOfflineQueue: false,
    // A healthy Redis on the same network answers in well under a millisecond.
    commandTimeout: 300,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  };
  const client =
    typeof target === 'string' ? new Redis(target, options) : new Redis({ ...target, ...options });
  let down = false;
  client.on('error', (err: Error) => {
    if (!down) logger.warn({ err: err.message }, 'redis unavailable');
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.info('redis available again');
    down = false;
  });
  return client;
}

/** Waits (bounded) for the first connection, so the first requests after start do not fail needlessly. */
export async function waitForRedis(client: Redis, timeoutMs = 5000): Promise<boolean> {
  if (client.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.once('ready', onReady);
  });
}
