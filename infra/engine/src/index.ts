/**
 * Embedded MongoDB-compatible engine: a wire-protocol server the real `mongodb`
 * driver and mongoose talk to unchanged. See README.md for what is supported.
 */
import fs from 'node:fs';
import path from 'node:path';
import { WireServer } from './server.ts';
import { Store } from './storage/store.ts';

export interface EmbeddedMongo {
  /** `mongodb://host:port`; append `/<db>` for a database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Data directory (journal); omit to keep data in memory only. */
  dbPath?: string;
  /** Unexpected internal failures; default logs to stderr. */
  onError?: (e: unknown) => void;
  /** How often TTL indexes are applied, in seconds (mongod: 60). */
  ttlMonitorSleepSecs?: number;
  /** Accept `configureFailPoint` (the failCommand fail point), like mongod with `enableTestCommands=1`; default off. */
  enableTestCommands?: boolean;
}

const LOCK_FILE = 'mongod.lock';
const openPaths = new Set<string>();

/** One process per data directory: a second opener would corrupt the journal. */
function lockDbPath(dbPath: string): () => void {
  const dir = path.resolve(dbPath);
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, LOCK_FILE);
  if (openPaths.has(dir)) throw new Error(`mongo-embedded: ${dir} is already open in this process`);
  try {
    const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`mongo-embedded: ${dir} is in use by process ${pid} (${lockFile})`);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  openPaths.add(dir);
  return () => {
    openPaths.delete(dir);
    fs.rmSync(lockFile, { force: true });
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function startEmbeddedMongo(opts: StartOptions = {}): Promise<EmbeddedMongo> {
  const host = opts.host ?? '127.0.0.1';
  const unlock = opts.dbPath ? lockDbPath(opts.dbPath) : () => {};
  let store: Store;
  try {
    const opened = Store.open(opts.dbPath);
    store = opened.store;
    if (opened.droppedBytes > 0) {
      console.warn(
        `[mongo-embedded] dropped a torn or corrupt journal tail of ${opened.droppedBytes} bytes in ${opts.dbPath}`,
      );
    }
  } catch (e) {
    unlock();
    throw e;
  }
  const server = new WireServer(store, {
    ...(opts.onError ? { onError: opts.onError } : {}),
    enableTestCommands: opts.enableTestCommands ?? false,
  });
  let port: number;
  try {
    ({ port } = await server.listen(opts.port ?? 0, host));
  } catch (e) {
    store.close();
    unlock();
    throw e;
  }
  const onError = opts.onError ?? ((e: unknown) => console.error('[mongo-embedded]', e));
  const ttlTimer = setInterval(
    () => {
      try {
        store.expire();
      } catch (e) {
        onError(e);
      }
    },
    (opts.ttlMonitorSleepSecs ?? 60) * 1000,
  ).unref();
  let stopping: Promise<void> | undefined;
  // A wildcard bind address is not something a client can dial: advertise loopback.
  const dialHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const urlHost = dialHost.includes(':') ? `[${dialHost}]` : dialHost;
  return {
    url: `mongodb://${urlHost}:${port}`,
    port,
    stop() {
      stopping ??= (async () => {
        clearInterval(ttlTimer);
        await server.close();
        store.close();
        unlock();
      })();
      return stopping;
    },
  };
}
