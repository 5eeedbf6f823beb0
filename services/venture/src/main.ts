import type { Server } from 'node:http';
import {
  connectMongo,
  createCleanups,
  createEventBus,
  createInternalClient,
  createLogger,
  type EventBus,
  listenUntilClosed,
  type Logger,
  onShutdown,
  serverPort,
  startOutboxRelay,
  syncIndexes,
  identityKeys,
} from '@app/common';
import { createApp } from './app.ts';
import { createAuthOwnerDirectory } from './clients/auth-owner-directory.ts';
import { readVentureConfig, type VentureConfig } from './config.ts';
import { seedTaskTemplates } from './domain/seed-task-templates.ts';
import type { VentureContext } from './domain/venture.ts';
import { subscribeUserDeleted } from './events/user-deleted.consumer.ts';
import { serviceMarkModel, taskTemplateModel } from './store/task-template.model.ts';
import { createTaskTemplateRepository } from './store/task-template.repository.ts';
import { ventureModel } from './store/venture.model.ts';
import { createVentureRepository } from './store/venture.repository.ts';

export interface VentureServiceOverrides {
  logger?: Logger;
  /** An event bus owned by the caller (e.g. the all-in-one runner's); not closed by `close()`. */
  bus?: EventBus;
  /** Overrides `config.PORT` (0 → a free port, reported as `port`). */
  port?: number;
  host?: string;
  /** The database name (default `venture`); tests use a fresh one. */
  dbName?: string;
}

export interface RunningVentureService {
  port: number;
  /** The listening HTTP server (the bench counts the connections it accepts). */
  server: Server;
  /** Stops accepting, finishes in-flight requests, stops the relay, closes the bus (if ours) and Mongo. */
  close(): Promise<void>;
}

/**
 * Starts the venture service in this process: connects Mongo and creates its indexes, seeds the master
 * task templates (once per database), starts the outbox relay and the `user.deleted` consumer, listens.
 * `main.ts` runs it as a process; the all-in-one runner calls it in-process with its own logger and bus.
 */
export async function startVentureService(
  config: VentureConfig,
  overrides: VentureServiceOverrides = {},
): Promise<RunningVentureService> {
  const logger = overrides.logger ?? createLogger({ name: 'venture', level: config.LOG_LEVEL });
  const cleanups = createCleanups(logger, 'venture service');

  try {
    const mongo = await connectMongo({
      url: config.MONGO_URL,
      dbName: overrides.dbName ?? 'venture',
      dataDir: config.DATA_DIR,
      logger,
    });
    cleanups.push(() => mongo.close());
    const Venture = ventureModel(mongo.connection);
    const TaskTemplate = taskTemplateModel(mongo.connection);
    const ServiceMark = serviceMarkModel(mongo.connection);
    await syncIndexes(mongo.connection);

    const bus = overrides.bus ?? createEventBus({ url: config.AMQP_URL, logger, connectionName: 'venture' });
    if (!overrides.bus) cleanups.push(() => bus.close());

    let nudge = (): void => {};
    const ctx: VentureContext = {
      ventures: createVentureRepository(Venture, { onEventsWritten: () => nudge() }),
      templates: createTaskTemplateRepository(TaskTemplate, ServiceMark),
      owners: createAuthOwnerDirectory(
        createInternalClient({
          caller: 'venture',
          secret: config.INTERNAL_SECRET,
          baseUrls: { auth: config.AUTH_URL },
          // A task change waits for this lookup: a hung auth service must not hold it for long.
          timeoutMs: 3000,
        }),
      ),
      clock: () => new Date(),
    };

    const seeded = await seedTaskTemplates(ctx);
    if (seeded > 0) logger.info({ seeded }, 'standard task templates seeded');

    const relay = startOutboxRelay({ models: [Venture], bus, logger });
    nudge = () => relay.nudge();
    cleanups.push(async () => {
      await relay.stop();
    });

    await subscribeUserDeleted(bus, ctx, logger);

    const app = createApp({
      ...ctx,
      secret: identityKeys(config),
      logger,
      checks: { mongo: () => mongo.ping() },
      // Task changes keep succeeding while the broker is away (their events wait in the outbox).
      rideOutChecks: { bus: async () => bus.ready() },
    });
    const server = await listenUntilClosed(
      app,
      overrides.port ?? config.PORT,
      overrides.host ?? config.HOST,
      cleanups,
    );
    const port = serverPort(server);
    logger.info({ port }, 'venture service listening');
    return { port, server, close: cleanups.run };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readVentureConfig();
  const logger = createLogger({ name: 'venture', level: config.LOG_LEVEL });
  const service = await startVentureService(config, { logger });
  onShutdown({ logger, steps: [() => service.close()] });
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(
      `venture service failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  });
}
