import type { Server } from 'node:http';
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
import { readAuthConfig, type AuthConfig } from './config.ts';
import { createPasswordHasher } from './domain/password-hash.ts';
import { seedAccount, type SeedAccount } from './domain/seed-accounts.ts';
import type { AuthContext } from './domain/user.ts';
import { userModel } from './store/user.model.ts';
import { createUserRepository } from './store/user.repository.ts';

export interface AuthServiceOverrides {
  logger?: Logger;
  /** An event bus owned by the caller (e.g. the all-in-one runner's); not closed by `close()`. */
  bus?: EventBus;
  /** Overrides `config.PORT` (0 → a free port, reported as `port`). */
  port?: number;
  host?: string;
}

export interface RunningAuthService {
  port: number;
  /** The listening HTTP server (the bench counts the connections it accepts). */
  server: Server;
  /** Stops accepting, finishes in-flight requests, stops the relay, closes the bus (if ours) and Mongo. */
  close(): Promise<void>;
}

/**
 * Starts the auth service in this process: connects Mongo and creates its indexes, seeds the demo (and
 * optional admin) account, starts the outbox relay and listens. `main.ts` calls it as a process; the
 * all-in-one runner calls it in-process with its own logger and bus.
 */
export async function startAuthService(
  config: AuthConfig,
  overrides: AuthServiceOverrides = {},
): Promise<RunningAuthService> {
  const logger = overrides.logger ?? createLogger({ name: 'auth', level: config.LOG_LEVEL });
  const cleanups = createCleanups(logger, 'auth service');

  try {
    const mongo = await connectMongo({
      url: config.MONGO_URL,
      dbName: 'auth',
      dataDir: config.DATA_DIR,
      logger,
    });
    cleanups.push(() => mongo.close());
    const User = userModel(mongo.connection);
    await syncIndexes(mongo.connection);

    const bus = overrides.bus ?? createEventBus({ url: config.AMQP_URL, logger, connectionName: 'auth' });
    if (!overrides.bus) cleanups.push(() => bus.close());

    let nudge = (): void => {};
    const users = createUserRepository(User, { onEventsWritten: () => nudge() });
    const hasher = createPasswordHasher({
      memoryKiB: config.PASSWORD_ARGON2_MEMORY_KIB,
      passes: config.PASSWORD_ARGON2_PASSES,
      parallelism: config.PASSWORD_ARGON2_PARALLELISM,
    });
    // Makes the dummy hash now, so the first login with an unknown address costs no more than any other.
    await hasher.verifyDummy('warm-up');
    const settings = {
      publicUrl: config.PUBLIC_URL,
      resetTokenTtlMinutes: config.RESET_TOKEN_TTL_MINUTES,
      demoUsername: config.DEMO_USERNAME.trim().toLowerCase(),
    };

    await seedAccounts({ users, hasher, settings, clock: () => new Date() }, config, logger);

    const relay = startOutboxRelay({ models: [User], bus, logger });
    nudge = () => relay.nudge();
    cleanups.push(async () => {
      await relay.stop();
    });

    const app = createApp({
      users,
      hasher,
      settings,
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
    logger.info({ port }, 'auth service listening');
    return { port, server, close: cleanups.run };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

async function seedAccounts(ctx: AuthContext, config: AuthConfig, logger: Logger): Promise<void> {
  const accounts: SeedAccount[] = [
    { username: config.DEMO_USERNAME, password: config.DEMO_PASSWORD, isAdmin: false },
  ];
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    accounts.push({ username: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, isAdmin: true });
  }
  for (const account of accounts) {
    const outcome = await seedAccount(ctx, { correlationId: 'auth-seed' }, account);
    logger.info({ username: account.username, isAdmin: account.isAdmin, outcome }, 'seed account');
  }
}

async function main(): Promise<void> {
  const config = readAuthConfig();
  const logger = createLogger({ name: 'auth', level: config.LOG_LEVEL });
  const service = await startAuthService(config, { logger });
  onShutdown({ logger, steps: [() => service.close()] });
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(`auth service failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
