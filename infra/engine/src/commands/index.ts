/**
 * Command dispatch: one table of handlers, the checks every command shares, and
 * the conversion of any failure into a MongoDB-shaped `{ ok: 0 }` reply.
 */
import { err, toMongoError } from '../errors.ts';
import type { Doc } from '../storage/values.ts';
import { aggregateCommands } from './aggregate.ts';
import { checkReadConcern, type CommandContext, type CommandHandler } from './context.ts';
import { findCommands } from './find.ts';
import { handshakeCommands } from './handshake.ts';
import { indexCommands } from './indexes.ts';
import { insertCommands } from './insert.ts';
import { namespaceCommands } from './namespaces.ts';
import { writeCommands } from './write.ts';

const COMMANDS = new Map<string, CommandHandler>(
  Object.entries({
    ...handshakeCommands,
    ...insertCommands,
    ...findCommands,
    ...writeCommands,
    ...aggregateCommands,
    ...indexCommands,
    ...namespaceCommands,
  }),
);

export const SUPPORTED_COMMANDS = [...COMMANDS.keys()].sort();

const TRANSACTION_COMMANDS = new Set(['commitTransaction', 'abortTransaction']);

export type BaseContext = Omit<CommandContext, 'db' | 'sequences'>;

/** Runs one command; never throws. */
export function runCommand(cmd: Doc, sequences: Map<string, Doc[]>, base: BaseContext): Doc {
  try {
    const name = Object.keys(cmd)[0];
    if (!name) throw err('FailedToParse', 'Command document is empty');
    // Standalone servers have no transactions; refuse rather than apply non-atomically.
    if (
      'txnNumber' in cmd ||
      'autocommit' in cmd ||
      'startTransaction' in cmd ||
      TRANSACTION_COMMANDS.has(name)
    ) {
      throw err('IllegalOperation', 'Transaction numbers are only allowed on a replica set member or mongos');
    }
    if (name === 'configureFailPoint' && base.failPoints) {
      if (cmd.$db !== 'admin')
        throw err('Unauthorized', 'configureFailPoint may only be run against the admin database.');
      return base.failPoints.configure(cmd);
    }
    const handler = COMMANDS.get(name);
    if (!handler) throw err('CommandNotFound', `no such command: '${name}'`);
    const db = cmd.$db;
    if (typeof db !== 'string') throw err('FailedToParse', 'OP_MSG requests require a $db argument');
    checkReadConcern(cmd);
    return handler(cmd, { ...base, db, sequences });
  } catch (e) {
    return toMongoError(e).toReply();
  }
}
