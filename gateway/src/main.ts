import type { Server } from 'node:http';
import express from 'express';
import {
  createEventBus,
  createLogger,
  listen,
  metricsRoute,
  onShutdown,
  type EventBus,
  type Logger,
} from '@app/common';
import { createApp } from './app.ts';
import { readGatewayConfig, type GatewayConfig } from './config.ts';
import { createRedisClient, waitForRedis } from './session/redis-client.ts';
import type { SessionRegistry } from './session/session-registry.ts';

export interface RunningGateway {
  port: number;
  server: Server;
  close(): Promise<void>;
}

/**
 * How long a revocation keeps being retried while the session store is away: 1 s doubling to a minute,
 * 20 tries, about 14 minutes in all. A Redis outage outlasting the bus's default five tries (15 s) would
 * otherwise drop the event, and the revoked sessions would live on once Redis returned.
 */
export const REVOCATION_RETRY = {
  maxAttempts: 20,
  retryDelayMs: (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 60_000),
};

/** Ends sessions on other gateway instances too when a service reports a password change, deletion or revocation. */
async function subscribeRevocations(bus: EventBus, registry: SessionRegistry, logger: Logger): Promise<void> {
  await bus.subscribe({
    queue: 'gateway.session-revocations',
    types: ['user.sessions_revoked', 'user.deleted'],
    ...REVOCATION_RETRY,
    handler: async (event) => {
      const data = event.data as { userId: string; exceptSessionId?: string };
      await registry.revokeUser(data.userId, data.exceptSessionId);
      logger.info(
        { userId: data.userId, type: event.type, correlationId: event.correlationId },
        'sessions revoked',
      );
    },
  });
}

export async function startGateway(
  config: GatewayConfig,
  overrides: { logger?: Logger; bus?: EventBus } = {},
): Promise<RunningGateway> {
  const logger = overrides.logger ?? createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, logger) : null;
  if (redis && !(await waitForRedis(redis))) {
    logger.warn('Redis is not reachable yet: signed-in calls get 503 until it is');
  }
  if (!redis)
    logger.warn(
      'REDIS_URL is not set: sessions and rate limits are kept in memory (one gateway process only)',
    );
  const { app, sessions } = createApp({ config, logger, redis });
  const bus = overrides.bus ?? createEventBus({ url: config.AMQP_URL, logger, connectionName: 'gateway' });
  await subscribeRevocations(bus, sessions.registry, logger);
  const server = await listen(app, config.PORT, config.HOST);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ port }, 'gateway listening');
  let metricsServer: Server | null = null;
  if (config.METRICS_PORT !== undefined) {
    const metricsApp = express();
    metricsApp.disable('x-powered-by');
    metricsApp.get('/metrics', metricsRoute());
    metricsServer = await listen(metricsApp, config.METRICS_PORT, config.HOST);
    logger.info({ port: config.METRICS_PORT }, 'gateway metrics listening');
  }
  const stop = (s: Server) =>
    new Promise<void>((resolve) => {
      s.close(() => resolve());
      s.closeIdleConnections();
    });
  const close = async () => {
    await stop(server);
    if (metricsServer) await stop(metricsServer);
    if (!overrides.bus) await bus.close();
    redis?.disconnect();
  };
  return { port, server, close };
}

if (import.meta.main) {
  const config = readGatewayConfig();
  const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  const gateway = await startGateway(config, { logger });
  onShutdown({ logger, steps: [() => gateway.close()] });
}
export { readGatewayConfig, gatewayConfigSchema, type GatewayConfig } from './config.ts';
export { routeTable, findRoute, type Route, type ServiceName } from './route-table.ts';
export { createApp, type Gateway, type GatewayDeps } from './app.ts';
export { createRedisClient, redisTarget, waitForRedis } from './session/redis-client.ts';
