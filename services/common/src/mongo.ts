import mongoose from 'mongoose';
import type { Logger } from './logger.ts';

export interface MongoHandle {
  connection: mongoose.Connection;
  close(): Promise<void>;
  /** True when the database answers a ping within a second. */
  ping(): Promise<boolean>;
}

export interface ConnectMongoOptions {
  /**
   * MONGO_URL. Required: a deployable never carries the embedded engine. Where no MongoDB is given, the
   * all-in-one runner (`npm start`) and the test library start the engine and pass its URL here.
   */
  url: string | undefined;
  /** This service's database: one per service, never shared. */
  dbName: string;
  logger: Logger;
}

/**
 * An unreachable or hung database must answer within a second (the error middleware maps the failure to
 * 503), so every wait on it is bounded by this: choosing a server (refused, or known down), opening a
 * connection (its TCP connect and handshake) and waiting for a reply on one (the driver's socket time-out
 * is armed only while an operation awaits its reply, never on idle connections). An operation slower than
 * this fails as if the database were away: one request's reads and writes here are single-document.
 */
export const MONGO_DEADLINE_MS = 700;
/** How long the first connection at start may take, over several tries (a database starting alongside). */
const STARTUP_CONNECT_MS = 5000;
const PING_TIMEOUT_MS = 1000;

function openConnection(url: string, dbName: string): mongoose.Connection {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: MONGO_DEADLINE_MS,
    connectTimeoutMS: MONGO_DEADLINE_MS,
    socketTimeoutMS: MONGO_DEADLINE_MS,
    // A hung server (alive socket, no answers) is noticed by the monitor's next heartbeat (then server
    // selection fails fast): every 2 s instead of the driver's 10 s. Until then the socket time-out answers.
    heartbeatFrequencyMS: 2000,
    // A read that timed out is not tried again inside the same request (that would double the wait past
    // the second); the caller gets its 503 and tries again. Standalone servers never retry writes anyway.
    retryReads: false,
    maxPoolSize: 20,
    autoIndex: false,
    autoCreate: true,
    bufferCommands: false,
    sanitizeFilter: true,
  });
  connection.set('sanitizeFilter', true);
  return connection;
}

/**
 * One mongoose connection for one service's database (`createConnection`, never the global default, so
 * the all-in-one process holds several services side by side). Filters are sanitised (`sanitizeFilter`:
 * a `{ $ne: null }` from a request body becomes a literal match), so queries that use operators on
 * purpose wrap them with `mongoose.trusted({ ... })`. Indexes are created by `syncIndexes` at start,
 * not by mongoose behind the scenes. Commands are not buffered: while the database is away they fail
 * within `MONGO_DEADLINE_MS` instead of queueing.
 */
export async function connectMongo(opts: ConnectMongoOptions): Promise<MongoHandle> {
  const url = opts.url;
  if (!url) {
    throw new Error(
      'MONGO_URL is not set: a service needs a MongoDB (`npm start` runs the embedded engine for every service)',
    );
  }
  const log = opts.logger.child({ component: 'mongo', db: opts.dbName });
  const startedAt = Date.now();
  let connection: mongoose.Connection;
  for (;;) {
    connection = openConnection(url, opts.dbName);
    try {
      await connection.asPromise();
      break;
    } catch (err) {
      await connection.close().catch(() => undefined);
      if (Date.now() - startedAt + MONGO_DEADLINE_MS > STARTUP_CONNECT_MS) throw err;
      log.warn({ err }, 'database not reachable yet; trying again');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  connection.on('disconnected', () => log.warn('database connection lost'));
  connection.on('reconnected', () => log.info('database connection restored'));
  log.info('connected to the database');

  let closed = false;
  return {
    connection,
    async close() {
      if (closed) return;
      closed = true;
      await connection.close();
    },
    async ping() {
      const db = connection.db;
      if (!db || closed) return false;
      let timer: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          db.command({ ping: 1 }).then((reply) => reply.ok === 1),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
          }),
        ]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The startup step that creates the indexes every model's schema declares (mongoose's autoIndex is off).
 * Additive on purpose: `createIndexes` never drops an index, so an older version still running during a
 * rolling deploy keeps the indexes it relies on. Call it after defining every model on the connection.
 */
export async function syncIndexes(connection: mongoose.Connection): Promise<void> {
  for (const model of Object.values(connection.models)) {
    await model.createCollection().catch((err: { codeName?: string; code?: number }) => {
      if (err?.codeName !== 'NamespaceExists' && err?.code !== 48) throw err;
    });
    await model.createIndexes();
  }
}
