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
import { readOrganizationConfig, type OrganizationConfig } from './config.ts';
import { createMemberDirectory } from './store/member-directory.ts';
import { organizationModel } from './store/organization.model.ts';
import { createOrganizationRepository } from './store/organization.repository.ts';

export interface OrganizationServiceOverrides {
  logger?: Logger;
  /** Overrides `config.PORT` (0 → a free port, reported as `port`). */
  port?: number;
  host?: string;
}

export interface RunningOrganizationService {
  port: number;
  /** Stops accepting, finishes in-flight requests and closes Mongo. */
  close(): Promise<void>;
}

/**
 * Starts the organization service in this process: connects Mongo and creates its indexes, listens.
 * It publishes no events (users, and their `user.registered`, belong to the auth service).
 */
export async function startOrganizationService(
  config: OrganizationConfig,
  overrides: OrganizationServiceOverrides = {},
): Promise<RunningOrganizationService> {
  const logger = overrides.logger ?? createLogger({ name: 'organization', level: config.LOG_LEVEL });
  const cleanups = createCleanups(logger, 'organization service');

  try {
    const mongo = await connectMongo({
      url: config.MONGO_URL,
      dbName: 'organization',
      dataDir: config.DATA_DIR,
      logger,
    });
    cleanups.push(() => mongo.close());
    const Organization = organizationModel(mongo.connection);
    await syncIndexes(mongo.connection);

    const client = createInternalClient({
      caller: 'organization',
      secret: config.INTERNAL_SECRET,
      baseUrls: { auth: config.AUTH_URL },
    });
    const app = createApp({
      organizations: createOrganizationRepository(Organization),
      members: createMemberDirectory(client),
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
    logger.info({ port }, 'organization service listening');
    return { port, close: cleanups.run };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readOrganizationConfig();
  const logger = createLogger({ name: 'organization', level: config.LOG_LEVEL });
  const service = await startOrganizationService(config, { logger });
  onShutdown({ logger, steps: [() => service.close()] });
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(
      `organization service failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  });
}
