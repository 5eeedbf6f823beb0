import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger.ts';

export interface ShutdownOptions {
  logger: Logger;
  server?: Server;
  /** Run in order after the server stopped accepting (e.g. stop the outbox relay, close the bus, close Mongo). */
  steps: Array<() => Promise<void>>;
  /** Past this, the process exits with 1 whatever is still running (default 10 s). */
  timeoutMs?: number;
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish
 * (idle keep-alive sockets are closed at once), run `steps` in order, exit 0. A failing step is logged
 * and the next one still runs; a second signal or the timeout forces exit 1.
 * Returns the function that performs the shutdown (useful when a process ends for another reason).
 */
export function onShutdown(opts: ShutdownOptions): (signal?: string) => Promise<void> {
  const { logger, server, steps } = opts;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let running: Promise<void> | null = null;

  const shutdown = (signal = 'shutdown'): Promise<void> => {
    if (running) {
      logger.warn({ signal }, 'second shutdown request; exiting now');
      process.exit(1);
    }
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    running = (async () => {
      if (server) {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await closed;
      }
      for (const step of steps) {
        try {
          await step();
        } catch (err) {
          logger.error({ err }, 'shutdown step failed');
        }
      }
      clearTimeout(force);
      logger.info('shut down cleanly');
      process.exit(0);
    })();
    return running;
  };

  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return shutdown;
}

/**
 * Listens and resolves with the server once it accepts connections (port 0 → a random free port; read
 * it with `serverPort(server)`). Keep-alive outlives the gateway's agent idle timeout (so the gateway
 * never reuses a socket the service is closing), and headersTimeout exceeds keepAliveTimeout as Node
 * requires.
 */
export function listen(app: RequestListener, port: number, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(app);
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.requestTimeout = 30_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** The port a listening server is bound to. */
export function serverPort(server: Server): number {
  return (server.address() as AddressInfo).port;
}

/**
 * What a service opened while starting, closed in reverse order by `run()` (its `close()`, and when a later
 * start step fails). A failing step is logged and the others still run; `run()` twice closes nothing twice.
 */
export interface Cleanups {
  push(step: () => Promise<void> | void): void;
  run(): Promise<void>;
}

export function createCleanups(logger: Logger, label: string): Cleanups {
  const steps: Array<() => Promise<void> | void> = [];
  return {
    push: (step) => {
      steps.push(step);
    },
    run: async () => {
      for (const step of steps.splice(0).reverse()) {
        try {
          await step();
        } catch (err) {
          logger.error({ err }, `${label}: cleanup step failed`);
        }
      }
    },
  };
}

/**
 * `listen`, with closing registered in `cleanups`: stop accepting, close idle keep-alive sockets at once and
 * let in-flight requests finish.
 */
export async function listenUntilClosed(
  app: RequestListener,
  port: number,
  host: string | undefined,
  cleanups: Cleanups,
): Promise<Server> {
  const server = await listen(app, port, host);
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  );
  return server;
}
