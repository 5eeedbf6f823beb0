/** Write commands: update, delete, findAndModify. */
import { parseCollation, type Collation } from '../storage/collation.ts';
import { err, toMongoError } from '../errors.ts';
import { compileFilter, find, matching, project, validateProjection } from '../storage/query.ts';
import type { Collection } from '../storage/store.ts';
import {
  applyUpdate,
  buildUpsert,
  isOperatorUpdate,
  validateUpdate,
  type UpdateSpec,
} from '../storage/update.ts';
import { isPlainObject, keyOf, type Doc } from '../storage/values.ts';
import {
  checkFields,
  checkHint,
  collectionName,
  optionalBool,
  letVariables,
  optionalDoc,
  statementVariables,
  type CommandContext,
  type CommandHandler,
} from './context.ts';
import { indexList } from './find.ts';
import { documentsOf, validateId } from './insert.ts';
import { checkWriteConcern } from './write-concern.ts';

/** Documents a write applies to: the first match (by `sort` if given) or all of them. */
function selectTargets(
  coll: Collection,
  filter: Doc,
  multi: boolean,
  sort: Doc | undefined,
  variables?: Doc,
  collation?: Collation | null,
): [string, Doc][] {
  if (sort && Object.keys(sort).length) {
    return find(coll, filter, { sort, limit: multi ? 0 : 1, collation }, variables).map((d) => [
      keyOf(d._id),
      d,
    ]);
  }
  const out: [string, Doc][] = [];
  for (const entry of matching(coll, filter, compileFilter(filter, variables, collation))) {
    out.push(entry);
    if (!multi) break;
  }
  return out;
}

/**
 * The positional operators (`$`, `$[<id>]` with arrayFilters) find array elements by the filter with binary
 * comparison; under a collation they could pick other elements than MongoDB, so they are refused.
 */
function refuseCollatedPositional(update: UpdateSpec, arrayFilters: Doc[] | undefined): void {
  const positional = (path: string) => /(^|\.)\$(\[[^\]]*\])?(\.|$)/.test(path);
  const paths = Array.isArray(update)
    ? []
    : Object.values(update).flatMap((fields) => (isPlainObject(fields) ? Object.keys(fields) : []));
  if (arrayFilters?.length || paths.some(positional))
    throw err(
      'NotImplemented',
      'positional updates with a collation are not supported by the embedded engine',
    );
}

function updateSpecOf(u: unknown): UpdateSpec {
  if (Array.isArray(u)) return u as Doc[];
  if (!isPlainObject(u)) throw err('FailedToParse', 'Update argument must be either an object or an array');
  return u;
}

function arrayFiltersOf(v: unknown): Doc[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v))
    throw err('TypeMismatch', "BSON field 'arrayFilters' is the wrong type, expected type 'array'");
  return v as Doc[];
}

interface UpdateOutcome {
  n: number;
  nModified: number;
  upsertedId?: unknown;
  /** The document before (`old`) and after (`doc`) for a single-document update. */
  old?: Doc;
  doc?: Doc;
}

function runUpdate(
  coll: Collection | undefined,
  ensure: () => Collection,
  filter: Doc,
  update: UpdateSpec,
  opts: {
    multi: boolean;
    upsert: boolean;
    arrayFilters?: Doc[] | undefined;
    sort?: Doc | undefined;
    variables?: Doc | undefined;
    collation?: Collation | null;
  },
): UpdateOutcome {
  validateUpdate(update, opts.arrayFilters);
  if (opts.collation) refuseCollatedPositional(update, opts.arrayFilters);
  if (opts.multi && !Array.isArray(update) && !isOperatorUpdate(update)) {
    throw err('FailedToParse', 'multi update is not supported for replacement-style update');
  }
  const targets = coll
    ? selectTargets(coll, filter, opts.multi, opts.sort, opts.variables, opts.collation)
    : [];
  if (!coll || !targets.length) {
    compileFilter(filter, opts.variables, opts.collation);
    if (!opts.upsert) return { n: 0, nModified: 0 };
    const doc = buildUpsert(filter, update, opts.arrayFilters, opts.variables);
    validateId(doc);
    ensure().insert(doc);
    return { n: 1, nModified: 0, upsertedId: doc._id, doc };
  }
  let nModified = 0;
  let last: { old: Doc; doc: Doc } | undefined;
  for (const [id, old] of targets) {
    const next = applyUpdate(old, update, {
      filter,
      arrayFilters: opts.arrayFilters,
      isInsert: false,
      variables: opts.variables,
    });
    if (keyOf(next) !== keyOf(old)) {
      coll.replace(id, next);
      nModified++;
    }
    last = { old, doc: next };
  }
  return { n: targets.length, nModified, ...last };
}

export const writeCommands: Record<string, CommandHandler> = {
  update(cmd, ctx) {
    checkFields(cmd, ['updates', 'ordered', 'bypassDocumentValidation', 'let']);
    checkWriteConcern(cmd);
    const name = collectionName(cmd, ctx);
    const statements = documentsOf(cmd, ctx, 'updates');
    checkStatements(statements, 'update.updates', UPDATE_STATEMENT_FIELDS);
    const ordered = optionalBool(cmd, 'ordered') ?? true;
    const variables = letVariables(cmd);
    const writeErrors: Doc[] = [];
    const upserted: Doc[] = [];
    let n = 0;
    let nModified = 0;
    for (let i = 0; i < statements.length; i++) {
      try {
        const s = statements[i]!;
        if (!isPlainObject(s)) throw err('TypeMismatch', 'update statements must be objects');
        const collation = parseCollation(s.collation);
        const filter = (optionalDoc(s, 'q') ?? {}) as Doc;
        const coll = ctx.store.getCollection(ctx.db, name);
        checkHint(s.hint, indexList(coll));
        const r = runUpdate(coll, () => ctx.store.ensureCollection(ctx.db, name), filter, updateSpecOf(s.u), {
          multi: optionalBool(s, 'multi') ?? false,
          upsert: optionalBool(s, 'upsert') ?? false,
          arrayFilters: arrayFiltersOf(s.arrayFilters),
          sort: optionalDoc(s, 'sort'),
          variables: statementVariables(variables, s),
          collation,
        });
        n += r.n;
        nModified += r.nModified;
        if (r.upsertedId !== undefined) upserted.push({ index: i, _id: r.upsertedId });
      } catch (e) {
        writeErrors.push(toMongoError(e).toWriteError(i));
        if (ordered) break;
      }
    }
    const reply: Doc = { n, nModified };
    if (upserted.length) reply.upserted = upserted;
    if (writeErrors.length) reply.writeErrors = writeErrors;
    reply.ok = 1;
    return reply;
  },

  delete(cmd, ctx) {
    checkFields(cmd, ['deletes', 'ordered', 'let']);
    checkWriteConcern(cmd);
    const name = collectionName(cmd, ctx);
    const statements = documentsOf(cmd, ctx, 'deletes');
    checkStatements(statements, 'delete.deletes', DELETE_STATEMENT_FIELDS);
    const ordered = optionalBool(cmd, 'ordered') ?? true;
    const variables = letVariables(cmd);
    const coll = ctx.store.getCollection(ctx.db, name);
    const writeErrors: Doc[] = [];
    let n = 0;
    for (let i = 0; i < statements.length; i++) {
      try {
        const s = statements[i]!;
        if (!isPlainObject(s)) throw err('TypeMismatch', 'delete statements must be objects');
        const collation = parseCollation(s.collation);
        checkHint(s.hint, indexList(coll));
        const limit = s.limit === undefined ? 0 : Number(s.limit);
        if (limit !== 0 && limit !== 1)
          throw err('FailedToParse', `The limit field in delete objects must be 0 or 1. Got ${limit}`);
        const filter = (optionalDoc(s, 'q') ?? {}) as Doc;
        const query = compileFilter(filter, variables, collation);
        if (!coll) continue;
        const ids: string[] = [];
        for (const [id] of matching(coll, filter, query)) {
          ids.push(id);
          if (limit === 1) break;
        }
        for (const id of ids) coll.remove(id);
        n += ids.length;
      } catch (e) {
        writeErrors.push(toMongoError(e).toWriteError(i));
        if (ordered) break;
      }
    }
    const reply: Doc = { n };
    if (writeErrors.length) reply.writeErrors = writeErrors;
    reply.ok = 1;
    return reply;
  },

  findAndModify: (cmd, ctx) => findAndModify(cmd, ctx),
  findandmodify: (cmd, ctx) => findAndModify(cmd, ctx),
};

const UPDATE_STATEMENT_FIELDS = [
  'q',
  'u',
  'upsert',
  'multi',
  'arrayFilters',
  'hint',
  'collation',
  'c',
  'sort',
  'upsertSupplied',
];
const DELETE_STATEMENT_FIELDS = ['q', 'limit', 'hint', 'collation'];

/**
 * MongoDB parses the whole command before running any statement: an unknown field in any statement
 * fails the command (top-level `ok: 0`, path `update.updates.<field>`), and nothing is written.
 */
function checkStatements(statements: unknown[], path: string, allowed: readonly string[]): void {
  for (const s of statements) {
    if (!isPlainObject(s)) continue;
    for (const k of Object.keys(s)) {
      if (!allowed.includes(k)) throw err('UnknownField', `BSON field '${path}.${k}' is an unknown field.`);
    }
  }
}

function findAndModify(cmd: Doc, ctx: CommandContext): Doc {
  checkFields(cmd, [
    'query',
    'sort',
    'remove',
    'update',
    'new',
    'fields',
    'upsert',
    'bypassDocumentValidation',
    'collation',
    'arrayFilters',
    'hint',
    'let',
  ]);
  checkWriteConcern(cmd);
  const collation = parseCollation(cmd.collation);
  const name = collectionName(cmd, ctx);
  const filter = (optionalDoc(cmd, 'query') ?? {}) as Doc;
  const sort = optionalDoc(cmd, 'sort');
  const remove = optionalBool(cmd, 'remove') ?? false;
  const returnNew = optionalBool(cmd, 'new') ?? false;
  const upsert = optionalBool(cmd, 'upsert') ?? false;
  const fields = validateProjection(cmd.fields);
  const variables = letVariables(cmd);
  if (remove && cmd.update !== undefined)
    throw err('FailedToParse', 'Cannot specify both an update and remove=true');
  if (!remove && cmd.update === undefined)
    throw err('FailedToParse', 'Either an update or remove=true must be specified');
  if (remove && upsert) throw err('FailedToParse', 'Cannot specify both upsert=true and remove=true');
  if (remove && returnNew)
    throw err(
      'FailedToParse',
      "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
    );
  const shape = (doc: Doc | undefined): Doc | null => {
    if (!doc) return null;
    if (!fields) return doc;
    return project([doc], fields)[0] ?? null;
  };
  if (remove) {
    const coll = ctx.store.getCollection(ctx.db, name);
    checkHint(cmd.hint, indexList(coll));
    compileFilter(filter, variables, collation);
    const [target] = coll ? selectTargets(coll, filter, false, sort, variables, collation) : [];
    if (!target || !coll) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    coll.remove(target[0]);
    return { lastErrorObject: { n: 1 }, value: shape(target[1]), ok: 1 };
  }
  const coll = ctx.store.getCollection(ctx.db, name);
  checkHint(cmd.hint, indexList(coll));
  const r = runUpdate(
    coll,
    () => ctx.store.ensureCollection(ctx.db, name),
    filter,
    updateSpecOf(cmd.update),
    {
      multi: false,
      upsert,
      arrayFilters: arrayFiltersOf(cmd.arrayFilters),
      sort,
      variables,
      collation,
    },
  );
  const lastErrorObject: Doc = { n: r.n, updatedExisting: r.n > 0 && r.upsertedId === undefined };
  if (r.upsertedId !== undefined) lastErrorObject.upserted = r.upsertedId;
  const value = r.upsertedId !== undefined ? (returnNew ? r.doc : undefined) : returnNew ? r.doc : r.old;
  return { lastErrorObject, value: shape(value), ok: 1 };
}
