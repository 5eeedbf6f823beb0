import {
  connectMongo,
  createCleanups,
  createEventBus,
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
import { readContactConfig, type ContactConfig } from './config.ts';
import { contactMessageModel } from './store/contact-message.model.ts';
import { createContactMessageRepository } from './store/contact-message.repository.ts';

export interface ContactServiceOverrides {
  logger?: Logger;
  /** An event bus owned by the caller (e.g. the all-in-one runner's); not closed by `close()`. */
  bus?: EventBus;
  /** Overrides `config.PORT` (0 → a free port, reported as `port`). */
  port?: number;
  host?: string;
  /** The database name (default `contact`). */
  dbName?: string;
}

export interface RunningContactService {
  port: number;
  /** Stops accepting, finishes in-flight requests, stops the relay, closes the bus (if ours) and Mongo. */
  close(): Promise<void>;
}

/** Starts the contact service: Mongo and its indexes, the outbox relay, the HTTP app. */
export async function startContactService(
  config: ContactConfig,
  overrides: ContactServiceOverrides = {},
): Promise<RunningContactService> {
  const logger = overrides.logger ?? createLogger({ name: 'contact', level: config.LOG_LEVEL });
  const cleanups = createCleanups(logger, 'contact service');

  try {
    const mongo = await connectMongo({
      url: config.MONGO_URL,
      dbName: overrides.dbName ?? 'contact',
      dataDir: config.DATA_DIR,
      logger,
    });
    cleanups.push(() => mongo.close());
    const ContactMessage = contactMessageModel(mongo.connection);
    await syncIndexes(mongo.connection);

    const bus = overrides.bus ?? createEventBus({ url: config.AMQP_URL, logger, connectionName: 'contact' });
    if (!overrides.bus) cleanups.push(() => bus.close());

    let nudge = (): void => {};
    const messages = createContactMessageRepository(ContactMessage, { onEventsWritten: () => nudge() });
    const relay = startOutboxRelay({ models: [ContactMessage], bus, logger });
    nudge = () => relay.nudge();
    cleanups.push(() => relay.stop());

    const app = createApp({
      messages,
      limits: {
        perClient: config.CONTACT_LIMIT_PER_CLIENT,
        windowMs: config.CONTACT_LIMIT_WINDOW_MINUTES * 60_000,
      },
      secret: identityKeys(config),
      logger,
      checks: { mongo: () => mongo.ping() },
    });
    const server = await listenUntilClosed(
      app,
      overrides.port ?? config.PORT,
      overrides.host ?? config.HOST,
      cleanups,
    );
    const port = serverPort(server);
    logger.info({ port }, 'contact service listening');
    return { port, close: cleanups.run };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readContactConfig();
  const logger = createLogger({ name: 'contact', level: config.LOG_LEVEL });
  const service = await startContactService(config, { logger });
  onShutdown({ logger, steps: [() => service.close()] });
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(
      `contact service failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  });
}
