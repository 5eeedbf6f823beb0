/**
 * What every command handler receives, and the argument checks they share.
 */
import { Long } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { err } from '../errors.ts';
import type { CursorManager } from '../cursors.ts';
import type { FailPoints } from '../fail-points.ts';
import type { Store } from '../storage/store.ts';
import { MINGO_OPTIONS } from '../storage/query.ts';
import { validateCollectionName, validateDbName } from '../storage/store.ts';
import { isPlainObject, type Doc } from '../storage/values.ts';

export interface ServerInfo {
  connectionId: number;
  /** The connection's `client.application.name` from its handshake (what failCommand's `appName` matches). */
  appName?: string;
  startedAt: number;
  host: string;
  port: number;
}

export interface CommandContext {
  store: Store;
  cursors: CursorManager;
  /** The `$db` of the command. */
  db: string;
  /** Kind 1 document sequences of the OP_MSG, by identifier. */
  sequences: Map<string, Doc[]>;
  server: ServerInfo;
  /** Present when the server runs with test commands enabled (`configureFailPoint`). */
  failPoints?: FailPoints | undefined;
}

export type CommandHandler = (cmd: Doc, ctx: CommandContext) => Doc;

/** Fields any command may carry (session, routing and API metadata). */
const GENERIC_FIELDS = new Set([
  '$db',
  'lsid',
  '$clusterTime',
  '$readPreference',
  '$audit',
  '$client',
  'writeConcern',
  'readConcern',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  'comment',
  'maxTimeMS',
  'mayBypassWriteBlocking',
]);

const READ_CONCERN_LEVELS = new Set(['local', 'majority', 'available', 'linearizable', 'snapshot']);

/**
 * Any command's `readConcern`: an unknown level fails as on MongoDB; `local`, `majority` and `available` read
 * the one copy there is (what a standalone mongod does too); `snapshot` and `linearizable` are refused.
 */
export function checkReadConcern(cmd: Doc): void {
  const rc = cmd.readConcern;
  if (rc === undefined || rc === null) return;
  if (!isPlainObject(rc))
    throw err('TypeMismatch', "BSON field 'readConcern' is the wrong type, expected type 'object'");
  const level = rc.level;
  if (level === undefined) return;
  if (typeof level !== 'string' || !READ_CONCERN_LEVELS.has(level))
    throw err(
      'BadValue',
      `Enumeration value '${String(level)}' for field 'readConcern.level' is not a valid value.`,
    );
  if (level === 'snapshot' || level === 'linearizable')
    throw err('NotImplemented', `readConcern level '${level}' is not supported by the embedded engine`);
}

/** Fails on fields the command does not know, as MongoDB's IDL parser does. */
export function checkFields(cmd: Doc, allowed: readonly string[]): void {
  const name = Object.keys(cmd)[0]!;
  for (const field of Object.keys(cmd)) {
    if (field === name || GENERIC_FIELDS.has(field) || allowed.includes(field)) continue;
    throw err('UnknownField', `BSON field '${name}.${field}' is an unknown field.`);
  }
}

/** The collection named by the command's first field. */
export function collectionName(cmd: Doc, ctx: CommandContext): string {
  const name = Object.keys(cmd)[0]!;
  const value = cmd[name];
  if (typeof value !== 'string') {
    throw err(
      'InvalidNamespace',
      `collection name has invalid type ${value === null ? 'null' : typeof value}`,
    );
  }
  validateDbName(ctx.db);
  return validateCollectionName(ctx.db, value);
}

export function optionalDoc(cmd: Doc, field: string): Doc | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v))
    throw err(
      'TypeMismatch',
      `BSON field '${Object.keys(cmd)[0]}.${field}' is the wrong type, expected type 'object'`,
    );
  return v;
}

export function optionalInt(cmd: Doc, field: string, { min = -Infinity } = {}): number | undefined {
  let v = cmd[field];
  if (v === undefined || v === null) return undefined;
  if (v instanceof Long) v = v.toNumber();
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw err(
      'TypeMismatch',
      `BSON field '${Object.keys(cmd)[0]}.${field}' is the wrong type, expected a number`,
    );
  }
  const n = Math.trunc(v);
  if (n < min) throw err('BadValue', `BSON field '${field}' value must be >= ${min}, actual value '${n}'`);
  return n;
}

export function optionalBool(cmd: Doc, field: string): boolean | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  throw err(
    'TypeMismatch',
    `BSON field '${Object.keys(cmd)[0]}.${field}' is the wrong type '${typeof v}', expected type 'bool'`,
  );
}

/**
 * The command's `let` variables, evaluated once as MongoDB does before running the command: each value is an
 * aggregation expression (`{ $literal: '$x' }` is the string `'$x'`, `{ $rand: {} }` a number, `'$$NOW'` the time).
 */
export function letVariables(cmd: Doc): Doc | undefined {
  const spec = optionalDoc(cmd, 'let');
  if (!spec || Object.keys(spec).length === 0) return spec;
  const [evaluated] = new Aggregator([{ $set: spec }], MINGO_OPTIONS).run([{}]) as Doc[];
  return evaluated ?? {};
}

/** An update statement's variables: the command's `let` and the statement's constants (`c`, not evaluated). */
export function statementVariables(variables: Doc | undefined, statement: Doc): Doc | undefined {
  const constants = optionalDoc(statement, 'c');
  return constants ? { ...variables, ...constants } : variables;
}

/** Only the simple (binary) collation is supported; anything else would change results. */
export function checkCollation(c: unknown): void {
  if (c === undefined || c === null) return;
  if (isPlainObject(c) && c.locale === 'simple' && Object.keys(c).length === 1) return;
  throw err(
    'NotImplemented',
    'collation is not supported by the embedded engine (only the simple binary comparison)',
  );
}

/** Refuses options the engine knows about but cannot honour. */
export function refuseTrue(cmd: Doc, fields: readonly string[]): void {
  for (const f of fields) {
    if (cmd[f] !== undefined && cmd[f] !== false && cmd[f] !== 0) {
      throw err('NotImplemented', `the '${f}' option is not supported by the embedded engine`);
    }
  }
}

/** Accepts a `hint` only if it names an existing index (MongoDB fails otherwise). */
export function checkHint(hint: unknown, indexNames: () => { name: string; key: Doc }[]): void {
  if (hint === undefined || hint === null) return;
  if (isPlainObject(hint) && Object.keys(hint).length === 0) return;
  const indexes = indexNames();
  if (typeof hint === 'string') {
    if (indexes.some((i) => i.name === hint)) return;
  } else if (isPlainObject(hint)) {
    if ('$natural' in hint) return;
    const want = JSON.stringify(hint);
    if (indexes.some((i) => JSON.stringify(i.key) === want)) return;
  }
  throw err('BadValue', 'hint provided does not correspond to an existing index');
}

export function cursorReply(id: Long, ns: string, batch: Doc[], first: boolean): Doc {
  return { cursor: first ? { firstBatch: batch, id, ns } : { nextBatch: batch, id, ns }, ok: 1 };
}
