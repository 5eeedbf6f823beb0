#!/usr/bin/env node
/**
 * mongo-embedded --port 27017 --dbpath .data/mongo [--host 127.0.0.1] [--setParameter enableTestCommands=1]
 * Prints the connection URL on stdout once listening; stops cleanly on SIGTERM/SIGINT.
 */
import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from './index.ts';

const USAGE =
  'usage: mongo-embedded [--port 27017] [--host 127.0.0.1] [--dbpath DIR] [--setParameter enableTestCommands=1] (no --dbpath: memory only)';

async function main(): Promise<void> {
  let values: {
    port?: string;
    host?: string;
    bind_ip?: string;
    dbpath?: string;
    setParameter?: string[];
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        bind_ip: { type: 'string' },
        dbpath: { type: 'string' },
        setParameter: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = values.port === undefined ? 27017 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`invalid --port ${values.port}\n${USAGE}`);
    process.exit(2);
  }
  // mongod's only parameter here: enableTestCommands (configureFailPoint).
  let enableTestCommands = false;
  for (const p of values.setParameter ?? []) {
    const m = /^enableTestCommands=(1|true|0|false)$/.exec(p);
    if (!m) {
      console.error(`unsupported --setParameter ${p}\n${USAGE}`);
      process.exit(2);
    }
    enableTestCommands = m[1] === '1' || m[1] === 'true';
  }
  // Handlers first: a signal that arrives while starting (or right after the URL
  // is printed) must still stop the server cleanly rather than kill the process.
  let stopping: Promise<void> | undefined;
  const stop = (signal: string): void => {
    stopping ??= (async () => {
      try {
        // Signals are delivered through the event loop, so `starting` is assigned by then.
        await (await starting).stop();
        process.exit(0);
      } catch (e) {
        console.error(`mongo-embedded: error while stopping on ${signal}:`, e);
        process.exit(1);
      }
    })();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const starting = startEmbeddedMongo({
    port,
    host: values.host ?? values.bind_ip ?? '127.0.0.1',
    ...(values.dbpath ? { dbPath: values.dbpath } : {}),
    enableTestCommands,
  });
  const mongo = await starting;
  if (!stopping) console.log(mongo.url);
}

main().catch((e: unknown) => {
  console.error(`mongo-embedded: ${(e as Error).message ?? String(e)}`);
  process.exit(1);
});
