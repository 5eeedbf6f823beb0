import type { RequestListener, Server } from 'node:http';
import type mongoose from 'mongoose';
import { createEventBus, type EventBus } from './bus.ts';
import { identityKeys, type BaseConfig } from './config.ts';
import { createInternalClient, type InternalClient } from './internal-client.ts';
import type { HealthChecks } from './health.ts';
import { createLogger, type Logger } from './logger.ts';
import { connectMongo, syncIndexes, type MongoHandle } from './mongo.ts';
import { startOutboxRelay, type AnyModel } from './outbox.ts';
import { createCleanups, listenUntilClosed, onShutdown, serverPort } from './shutdown.ts';

/** What every service's configuration holds (its schema extends `baseConfigSchema` with PORT and HOST). */
export type ServiceConfig = BaseConfig & { PORT: number; HOST: string };

/** What the caller of a service's `start…Service(config, overrides)` may replace (tests, the runner, the bench). */
export interface ServiceOverrides {
  logger?: Logger;
  /** An event bus owned by the caller (e.g. the all-in-one runner's); not closed by `close()`. */
  bus?: EventBus;
  /** Overrides `config.PORT` (0 → a free port, reported as `port`). */
  port?: number;
  host?: string;
  /** The database name (default: the service's name); tests use a fresh one. */
  dbName?: string;
  /** The topic exchange of its own bus (default `events`); tests on a shared broker use their own. */
  exchange?: string;
  /**
   * The addresses of the platform's services by name ('venture' → 'http://127.0.0.1:40123'), as the
   * all-in-one runner and the test platform learn them: a live map, read at call time. For an upstream that
   * starts after this service (auth's account export calls venture), where the configuration has no URL.
   */
  serviceUrls?: Readonly<Record<string, string>>;
  /**
   * The service's clock (default: the system's). The all-in-one runner's test clock (`TEST_CLOCK_FILE`, never
   * in production) moves it so browser tests see time pass without waiting.
   */
  clock?: () => Date;
}

/** A service started in this process. */
export interface RunningService {
  port: number;
  /** The listening HTTP server (the bench counts the connections it accepts). */
  server: Server;
  /** Stops accepting, finishes in-flight requests, then closes what the service opened, newest first. */
  close(): Promise<void>;
}

/** What `startService` hands a service's `setup`: everything already connected, and the steps it owns. */
export interface ServiceKit<C extends ServiceConfig, M> {
  config: C;
  logger: Logger;
  mongo: MongoHandle;
  /** The service's models (`models(connection)`), their indexes created. */
  models: M;
  /** The keys an incoming identity may be signed with (`identityKeys(config)`). */
  secret: string[];
  /** Readiness: the database answers. */
  checks: HealthChecks;
  /** Readiness of the bus (for a service that adds it to its `checks` or rides it out). */
  busReady: () => Promise<boolean>;
  /**
   * The event bus, opened on first use: the caller's (`overrides.bus`, never closed here) or its own on
   * AMQP_URL (closed on `close()`, in its place among the steps registered so far).
   */
  bus(): EventBus;
  /** Wakes the outbox relays (repositories call it after writing events); a no-op until a relay runs. */
  nudge(): void;
  /**
   * Starts an outbox relay over these models on the bus; stopped on `close()`. Called again, it starts
   * another one (its metrics labelled by its own models), and `nudge` wakes them all.
   */
  relayOutbox(models: AnyModel[]): void;
  /** A step for `close()`: steps run newest first, after the server stopped accepting. */
  onClose(step: () => Promise<void> | void): void;
  /** `overrides.serviceUrls` (live), or an empty map. */
  serviceUrls: Readonly<Record<string, string>>;
  /** `overrides.clock`, or the system clock. */
  clock: () => Date;
  /** A client for other services' `/internal/...` endpoints, signed as this service with INTERNAL_SECRET. */
  internalClient(baseUrls: Record<string, string>, opts?: { timeoutMs?: number }): InternalClient;
}

/** What a service's `setup` gives back: its HTTP app, and anything it adds to its running handle. */
export type ServiceSetup<X extends object> = X & {
  app: RequestListener;
  /** Logs that the service listens (default: `<name> service listening` with the port). */
  announce?: (port: number) => void;
};

export interface StartServiceOptions<C extends ServiceConfig, M, X extends object> {
  /** The service's name: its logger, its bus connection and its database (unless `overrides.dbName`). */
  name: string;
  /** How its logs and errors name it (default `<name> service`). */
  label?: string;
  config: C;
  overrides?: ServiceOverrides;
  /** Defines the service's models on its connection; their indexes are created before `setup`. */
  models: (connection: mongoose.Connection) => M;
  /** What is specific to the service: repositories, seeds, the outbox relay, consumers, `createApp`. */
  setup: (kit: ServiceKit<C, M>) => Promise<ServiceSetup<X>>;
}

/**
 * The one start-up of every service: connects its database (MONGO_URL) and creates its indexes, opens the
 * bus when the service asks for it, runs the service's `setup`, listens, and returns a handle whose
 * `close()` undoes it all in reverse order (the server first). A step that fails closes what was opened.
 * `main.ts` runs it as a process (`defineService(...).run()`); the runner, the tests and the bench call it in-process.
 */
export async function startService<C extends ServiceConfig, M, X extends object>(
  opts: StartServiceOptions<C, M, X>,
): Promise<RunningService & X> {
  const { name, config, overrides = {} } = opts;
  const label = opts.label ?? `${name} service`;
  const logger = overrides.logger ?? createLogger({ name, level: config.LOG_LEVEL });
  const cleanups = createCleanups(logger, label);

  try {
    const mongo = await connectMongo({ url: config.MONGO_URL, dbName: overrides.dbName ?? name, logger });
    cleanups.push(() => mongo.close());
    const models = opts.models(mongo.connection);
    await syncIndexes(mongo.connection);

    let bus: EventBus | null = null;
    const openBus = (): EventBus => {
      if (bus) return bus;
      bus =
        overrides.bus ??
        createEventBus({ url: config.AMQP_URL, logger, connectionName: name, exchange: overrides.exchange });
      if (!overrides.bus) cleanups.push(() => bus!.close());
      return bus;
    };
    const relays: Array<{ nudge(): void }> = [];

    const { app, announce, ...extras } = await opts.setup({
      config,
      logger,
      mongo,
      models,
      secret: identityKeys(config),
      checks: { mongo: () => mongo.ping() },
      busReady: async () => bus?.ready() ?? false,
      bus: openBus,
      nudge: () => {
        for (const relay of relays) relay.nudge();
      },
      relayOutbox(relayed) {
        const relay = startOutboxRelay({ models: relayed, bus: openBus(), logger });
        relays.push(relay);
        cleanups.push(() => relay.stop());
      },
      onClose: (step) => cleanups.push(step),
      serviceUrls: overrides.serviceUrls ?? {},
      clock: overrides.clock ?? (() => new Date()),
      internalClient: (baseUrls, clientOpts) =>
        createInternalClient({ caller: name, secret: config.INTERNAL_SECRET, baseUrls, ...clientOpts }),
    });

    const server = await listenUntilClosed(
      app,
      overrides.port ?? config.PORT,
      overrides.host ?? config.HOST,
      cleanups,
    );
    const port = serverPort(server);
    if (announce) announce(port);
    else logger.info({ port }, `${label} listening`);
    return { ...(extras as unknown as X), port, server, close: cleanups.run };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

export interface ServiceDefinition<C extends ServiceConfig, M, X extends object> extends Omit<
  StartServiceOptions<C, M, X>,
  'config' | 'overrides'
> {
  /** Reads and validates the environment (a bad one stops the process with one line). */
  readConfig: () => C;
  /** The bound on the whole shutdown of the process (default `onShutdown`'s 10 s). */
  shutdownTimeoutMs?: (config: C) => number;
}

export interface DefinedService<C extends ServiceConfig, X extends object> {
  /** Starts the service in this process (the runner, tests and the bench call it; so does `run`). */
  start(config: C, overrides?: ServiceOverrides): Promise<RunningService & X>;
  /**
   * `main.ts` as a process: reads its configuration, starts, and shuts down in order on SIGTERM/SIGINT; a
   * failed start prints the error and exits 1.
   */
  run(): void;
}

/** A service's `main.ts` in one value: what is specific to it, given to `startService`. */
export function defineService<C extends ServiceConfig, M, X extends object>(
  definition: ServiceDefinition<C, M, X>,
): DefinedService<C, X> {
  const { readConfig, shutdownTimeoutMs, ...spec } = definition;
  const start = (config: C, overrides: ServiceOverrides = {}) => startService({ ...spec, config, overrides });
  const run = (): void => {
    const main = async (): Promise<void> => {
      const config = readConfig();
      const logger = createLogger({ name: spec.name, level: config.LOG_LEVEL });
      const service = await start(config, { logger });
      onShutdown({ logger, steps: [() => service.close()], timeoutMs: shutdownTimeoutMs?.(config) });
    };
    main().catch((err: unknown) => {
      const label = spec.label ?? `${spec.name} service`;
      process.stderr.write(`${label} failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    });
  };
  return { start, run };
}
