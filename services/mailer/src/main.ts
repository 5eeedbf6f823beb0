import path from 'node:path';
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
  syncIndexes,
  identityKeys,
} from '@app/common';
import { createApp } from './app.ts';
import { mailerShutdownTimeoutMs, readMailerConfig, type MailerConfig } from './config.ts';
import type { MailerContext } from './domain/send-event-emails.ts';
import { subscribeMailEvents } from './entry-points/mail-events.consumer.ts';
import { createMailerStats, reportQueueDepth, type MailerStats } from './metrics.ts';
import { sentMailModel } from './store/sent-mail.model.ts';
import { createSentMailRepository } from './store/sent-mail.repository.ts';
import { createMailTransport } from './transport/mail-transport.ts';

export interface MailerServiceOverrides {
  logger?: Logger;
  /** An event bus owned by the caller (e.g. the all-in-one runner's); not closed by `close()`. */
  bus?: EventBus;
  /** Overrides `config.PORT` (0 → a free port, reported as `port`). */
  port?: number;
  host?: string;
  /** The database name (default `mailer`); tests use a fresh one. */
  dbName?: string;
  /** The topic exchange of its own bus (default `events`); tests on a shared broker use their own. */
  exchange?: string;
}

export interface RunningMailerService {
  port: number;
  /** Where `.eml` files go when SMTP_URL is unset (null with SMTP). */
  mailDir: string | null;
  /** The queue, its delay queues (used on RabbitMQ) and its dead-letter queue. */
  queues: { main: string; retry: string[]; dead: string };
  /** Sent, duplicate, retried and dead-lettered counts since start. */
  stats(): MailerStats;
  /** Stops listening, closes the bus (if ours; unacked events return to the queue), SMTP and Mongo. */
  close(): Promise<void>;
}

/**
 * Starts the mailer in this process: connects Mongo (the sent-log) and creates its indexes, opens the
 * SMTP pool (or the `.eml` directory), subscribes to the e-mail events and listens for health probes.
 */
export async function startMailerService(
  config: MailerConfig,
  overrides: MailerServiceOverrides = {},
): Promise<RunningMailerService> {
  const logger = overrides.logger ?? createLogger({ name: 'mailer', level: config.LOG_LEVEL });
  const log = logger.child({ component: 'mailer' });
  const cleanups = createCleanups(logger, 'mailer');

  try {
    const mongo = await connectMongo({
      url: config.MONGO_URL,
      dbName: overrides.dbName ?? 'mailer',
      dataDir: config.DATA_DIR,
      logger,
    });
    cleanups.push(() => mongo.close());
    const SentMail = sentMailModel(mongo.connection);
    await syncIndexes(mongo.connection);

    const mailDir = path.resolve(config.DATA_DIR, 'mail');
    const transport = createMailTransport({
      smtpUrl: config.SMTP_URL,
      mailDir,
      from: { name: config.MAIL_FROM_NAME, address: config.MAIL_FROM },
      timeoutMs: config.SMTP_TIMEOUT_MS,
      logger,
    });
    cleanups.push(async () => transport.close());
    if (transport.kind === 'files')
      log.warn({ mailDir }, 'SMTP_URL is not set: e-mails are written as .eml files');

    const stats = createMailerStats();
    const ctx: MailerContext = {
      settings: { publicUrl: config.PUBLIC_URL, contactInbox: config.CONTACT_INBOX },
      sender: transport,
      sentLog: createSentMailRepository(SentMail, { leaseMs: config.MAIL_CLAIM_LEASE_MS }),
      clock: () => new Date(),
      logger,
      onOutcome: (outcome, email) => stats.count(outcome, email.kind),
    };

    const bus =
      overrides.bus ??
      createEventBus({
        url: config.AMQP_URL,
        logger,
        connectionName: 'mailer',
        exchange: overrides.exchange,
      });
    let consumer: Awaited<ReturnType<typeof subscribeMailEvents>> | null = null;
    // Cleanups run in reverse: the bus closes first (no new deliveries; unacked ones go back to the queue),
    // then deliveries in progress finish their SMTP exchange and sent-log write before SMTP and Mongo close.
    cleanups.push(() => consumer?.drain(config.SMTP_TIMEOUT_MS * 3) ?? Promise.resolve());
    if (!overrides.bus) cleanups.push(() => bus.close());
    consumer = await subscribeMailEvents(
      bus,
      ctx,
      {
        queue: config.MAILER_QUEUE,
        prefetch: config.MAILER_PREFETCH,
        maxAttempts: config.MAIL_MAX_ATTEMPTS,
        retryBaseMs: config.MAIL_RETRY_BASE_MS,
        retryMaxMs: config.MAIL_RETRY_MAX_MS,
      },
      stats,
      logger,
    );
    const queue = config.MAILER_QUEUE;
    const stopReporting = reportQueueDepth(queue, async () => (await bus.queueDepth?.(queue)) ?? null);
    cleanups.push(async () => stopReporting());

    const app = createApp({
      secret: identityKeys(config),
      logger,
      checks: { mongo: () => mongo.ping(), bus: async () => bus.ready() },
    });
    const server = await listenUntilClosed(
      app,
      overrides.port ?? config.PORT,
      overrides.host ?? config.HOST,
      cleanups,
    );
    const port = serverPort(server);
    const queues = { main: queue, retry: consumer.retryQueues, dead: `${queue}.dead` };
    log.info({ port, queues, transport: transport.kind }, 'mailer listening for e-mail events');
    return {
      port,
      mailDir: transport.kind === 'files' ? mailDir : null,
      queues,
      stats: () => stats.snapshot(),
      close: cleanups.run,
    };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readMailerConfig();
  const logger = createLogger({ name: 'mailer', level: config.LOG_LEVEL });
  const service = await startMailerService(config, { logger });
  onShutdown({ logger, steps: [() => service.close()], timeoutMs: mailerShutdownTimeoutMs(config) });
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(`mailer failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
