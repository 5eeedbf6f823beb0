/**
 * Handshake and server-level commands: hello/isMaster, ping, buildInfo,
 * serverStatus, endSessions. The engine presents itself as a standalone mongod.
 */
import { Long } from 'bson';
import { MAX_BSON_OBJECT_SIZE, MAX_MESSAGE_SIZE } from '../wire/codec.ts';
import type { CommandContext, CommandHandler } from './context.ts';
import type { Doc } from '../storage/values.ts';

/** The mongodb 7 driver requires wire version >= 9 (MongoDB 4.4); 21 is MongoDB 7.0. */
export const MAX_WIRE_VERSION = 21;
export const SERVER_VERSION = '7.0.0';
export const MAX_WRITE_BATCH_SIZE = 100_000;

/**
 * No `topologyVersion` is reported, so drivers poll hello (every heartbeat)
 * instead of using the streaming (awaitable, exhaust) monitoring protocol.
 */
export function helloReply(cmd: Doc, ctx: CommandContext, legacy: boolean): Doc {
  const appName = (cmd.client as { application?: { name?: unknown } } | undefined)?.application?.name;
  if (typeof appName === 'string') ctx.server.appName = appName;
  const reply: Doc = {};
  if (cmd.helloOk === true) reply.helloOk = true;
  if (legacy) reply.ismaster = true;
  else reply.isWritablePrimary = true;
  Object.assign(reply, {
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: MAX_WRITE_BATCH_SIZE,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.server.connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  });
  return reply;
}

export const handshakeCommands: Record<string, CommandHandler> = {
  hello: (cmd, ctx) => helloReply(cmd, ctx, false),
  isMaster: (cmd, ctx) => helloReply(cmd, ctx, true),
  ismaster: (cmd, ctx) => helloReply(cmd, ctx, true),
  ping: () => ({ ok: 1 }),
  buildInfo: () => ({
    version: SERVER_VERSION,
    gitVersion: 'embedded',
    versionArray: [7, 0, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    storageEngines: ['embedded'],
    javascriptEngine: 'none',
    modules: [],
    ok: 1,
  }),
  buildinfo: (cmd, ctx) => handshakeCommands.buildInfo!(cmd, ctx),
  serverStatus: (_cmd, ctx) => ({
    host: `${ctx.server.host}:${ctx.server.port}`,
    version: SERVER_VERSION,
    process: 'mongo-embedded',
    pid: Long.fromNumber(process.pid),
    uptime: Math.floor((Date.now() - ctx.server.startedAt) / 1000),
    uptimeMillis: Long.fromNumber(Date.now() - ctx.server.startedAt),
    localTime: new Date(),
    metrics: { cursor: { open: { total: Long.fromNumber(ctx.cursors.size) } } },
    ok: 1,
  }),
  // Sessions carry no server state here (no transactions), so ending them is a no-op.
  endSessions: () => ({ ok: 1 }),
};
