import {
  connectMongo,
  createCleanups,
  createInternalClient,
  createLogger,
  listenUntilClosed,
  type Logger,
  onShutdown,
  serverPort,
  syncIndexes,
  identityKeys,
} from '@app/common';
import { createApp } from './app.ts';
import { readAdminConfig, type AdminConfig } from './config.ts';
import { auditModel } from './store/audit.model.ts';
import { createAuditLog } from './store/audit.repository.ts';

export interface AdminServiceOverrides {
  logger?: Logger;
  /** Overrides `config.PORT` (0 → a free port, reported as `port`). */
  port?: number;
  host?: string;
}

export interface RunningAdminService {
  port: number;
  /** Stops accepting, finishes in-flight requests and closes Mongo. */
  close(): Promise<void>;
}

/**
 * Starts the admin service in this process: connects Mongo (its own data is the audit log) and creates its
 * indexes, listens. Everything else it shows or changes belongs to other services, reached over internal HTTP.
 */
export async function startAdminService(
  config: AdminConfig,
  overrides: AdminServiceOverrides = {},
): Promise<RunningAdminService> {
  const logger = overrides.logger ?? createLogger({ name: 'admin', level: config.LOG_LEVEL });
  const cleanups = createCleanups(logger, 'admin service');

  try {
    const mongo = await connectMongo({
      url: config.MONGO_URL,
      dbName: 'admin',
      dataDir: config.DATA_DIR,
      logger,
    });
    cleanups.push(() => mongo.close());
    const AuditEntry = auditModel(mongo.connection);
    await syncIndexes(mongo.connection);

    const client = createInternalClient({
      caller: 'admin',
      secret: config.INTERNAL_SECRET,
      baseUrls: {
        auth: config.AUTH_URL,
        venture: config.VENTURE_URL,
        organization: config.ORGANIZATION_URL,
        contact: config.CONTACT_URL,
      },
    });
    const app = createApp({
      client,
      audit: createAuditLog(AuditEntry),
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
    logger.info({ port }, 'admin service listening');
    return { port, close: cleanups.run };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readAdminConfig();
  const logger = createLogger({ name: 'admin', level: config.LOG_LEVEL });
  const service = await startAdminService(config, { logger });
  onShutdown({ logger, steps: [() => service.close()] });
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(
      `admin service failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  });
}
