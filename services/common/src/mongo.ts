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

/** An unreachable database must answer quickly (the error middleware maps the failure to 503). */
const SERVER_SELECTION_TIMEOUT_MS = 3000;
const PING_TIMEOUT_MS = 1000;

/**
 * One mongoose connection for one service's database (`createConnection`, never the global default, so
 * the all-in-one process holds several services side by side). Filters are sanitised (`sanitizeFilter`:
 * a `{ $ne: null }` from a request body becomes a literal match), so queries that use operators on
 * purpose wrap them with `mongoose.trusted({ ... })`. Indexes are created by `syncIndexes` at start,
 * not by mongoose behind the scenes. Commands are not buffered: while the database is away they fail
 * after the server-selection timeout instead of queueing.
 */
export async function connectMongo(opts: ConnectMongoOptions): Promise<MongoHandle> {
  const url = opts.url;
  if (!url) {
    throw new Error(
      'MONGO_URL is not set: a service needs a MongoDB (`npm start` runs the embedded engine for every service)',
    );
  }
  const log = opts.logger.child({ component: 'mongo', db: opts.dbName });
  const connection = mongoose.createConnection(url, {
    dbName: opts.dbName,
    serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    connectTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    socketTimeoutMS: 30_000,
    // A hung server (alive socket, no answers) is noticed by the monitor's next heartbeat, which then
    // interrupts the waiting operations: every 2 s instead of the driver's 10 s keeps that (plus one
    // server selection) under the gateway's 10 s upstream timeout, so callers get this service's 503.
    heartbeatFrequencyMS: 2000,
    maxPoolSize: 20,
    autoIndex: false,
    autoCreate: true,
    bufferCommands: false,
    sanitizeFilter: true,
  });
  connection.set('sanitizeFilter', true);
  connection.on('disconnected', () => log.warn('database connection lost'));
  connection.on('reconnected', () => log.info('database connection restored'));
  try {
    await connection.asPromise();
  } catch (err) {
    await connection.close().catch(() => undefined);
    throw err;
  }
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
