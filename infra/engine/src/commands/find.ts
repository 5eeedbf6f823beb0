/** Read commands: find, getMore, killCursors, count, distinct. */
import { parseCollation } from '../storage/collation.ts';
import { Long } from 'bson';
import { DEFAULT_FIRST_BATCH } from '../cursors.ts';
import { err } from '../errors.ts';
import { compareValues } from '../storage/compare.ts';
import { compileFilter, explainPlan, find, matching } from '../storage/query.ts';
import { keyOf, valuesAtPath, type Doc } from '../storage/values.ts';
import type { Collection } from '../storage/store.ts';
import {
  checkFields,
  checkHint,
  collectionName,
  cursorReply,
  letVariables,
  optionalBool,
  optionalDoc,
  optionalInt,
  refuseTrue,
  type CommandContext,
  type CommandHandler,
} from './context.ts';

export function indexList(coll: Collection | undefined): () => { name: string; key: Doc }[] {
  return () => coll?.indexSpecs().map((s) => ({ name: s.name, key: s.key })) ?? [];
}

function toLong(v: unknown, field: string): Long {
  if (v instanceof Long) return v;
  if (typeof v === 'number' && Number.isInteger(v)) return Long.fromNumber(v);
  if (typeof v === 'bigint') return Long.fromBigInt(v);
  throw err('TypeMismatch', `BSON field '${field}' is the wrong type, expected type 'long'`);
}

export const findCommands: Record<string, CommandHandler> = {
  find(cmd, ctx) {
    checkFields(cmd, [
      'filter',
      'sort',
      'projection',
      'hint',
      'skip',
      'limit',
      'batchSize',
      'singleBatch',
      'noCursorTimeout',
      'allowPartialResults',
      'allowDiskUse',
      'collation',
      'let',
      'returnKey',
      'showRecordId',
      'tailable',
      'awaitData',
      'oplogReplay',
      'min',
      'max',
      'readOnce',
    ]);
    refuseTrue(cmd, ['returnKey', 'showRecordId', 'tailable', 'awaitData', 'min', 'max']);
    const collation = parseCollation(cmd.collation);
    const name = collectionName(cmd, ctx);
    const coll = ctx.store.getCollection(ctx.db, name);
    checkHint(cmd.hint, indexList(coll));
    const skip = optionalInt(cmd, 'skip', { min: 0 });
    let limit = optionalInt(cmd, 'limit');
    let singleBatch = optionalBool(cmd, 'singleBatch') ?? false;
    if (limit !== undefined && limit < 0) {
      // Legacy negative limit: a single batch of |limit| documents.
      limit = -limit;
      singleBatch = true;
    }
    const batchSize = optionalInt(cmd, 'batchSize', { min: 0 });
    const docs = find(
      coll,
      optionalDoc(cmd, 'filter'),
      { sort: optionalDoc(cmd, 'sort'), skip, limit, projection: optionalDoc(cmd, 'projection'), collation },
      letVariables(cmd),
    );
    const ns = `${ctx.db}.${name}`;
    const r = ctx.cursors.open(ns, docs, batchSize ?? DEFAULT_FIRST_BATCH, singleBatch);
    return cursorReply(r.id, ns, r.batch, true);
  },

  /**
   * `explain` of a `find` (what `cursor.explain()` sends): the query planner's winning plan only (no
   * execution statistics, whatever the verbosity). Other explained commands are refused.
   */
  explain(cmd, ctx) {
    checkFields(cmd, ['verbosity']);
    const inner = cmd.explain;
    if (!inner || typeof inner !== 'object' || Array.isArray(inner))
      throw err('TypeMismatch', "BSON field 'explain.explain' is the wrong type, expected type 'object'");
    const innerCmd = inner as Doc;
    if (Object.keys(innerCmd)[0] !== 'find')
      throw err('NotImplemented', 'the embedded engine explains find commands only');
    const name = collectionName(innerCmd, ctx);
    const coll = ctx.store.getCollection(ctx.db, name);
    return {
      queryPlanner: {
        namespace: `${ctx.db}.${name}`,
        parsedQuery: optionalDoc(innerCmd, 'filter') ?? {},
        winningPlan: explainPlan(coll, optionalDoc(innerCmd, 'filter')),
        rejectedPlans: [],
      },
      ok: 1,
    };
  },

  getMore(cmd, ctx) {
    checkFields(cmd, ['collection', 'batchSize']);
    const id = toLong(cmd.getMore, 'getMore.getMore');
    if (typeof cmd.collection !== 'string')
      throw err('TypeMismatch', "BSON field 'getMore.collection' is missing but a required field");
    const ns = `${ctx.db}.${cmd.collection}`;
    const r = ctx.cursors.getMore(id, ns, optionalInt(cmd, 'batchSize', { min: 0 }));
    return cursorReply(r.id, ns, r.batch, false);
  },

  killCursors(cmd, ctx) {
    checkFields(cmd, ['cursors']);
    collectionName(cmd, ctx);
    if (!Array.isArray(cmd.cursors))
      throw err('TypeMismatch', "BSON field 'killCursors.cursors' is missing but a required field");
    const { killed, notFound } = ctx.cursors.kill(cmd.cursors.map((c) => toLong(c, 'killCursors.cursors')));
    return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  },

  count(cmd, ctx) {
    checkFields(cmd, ['query', 'limit', 'skip', 'hint', 'collation', 'fields']);
    const collation = parseCollation(cmd.collation);
    const name = collectionName(cmd, ctx);
    const coll = ctx.store.getCollection(ctx.db, name);
    checkHint(cmd.hint, indexList(coll));
    const skip = optionalInt(cmd, 'skip', { min: 0 }) ?? 0;
    const limit = Math.abs(optionalInt(cmd, 'limit') ?? 0);
    const filter = optionalDoc(cmd, 'query');
    const query = compileFilter(filter, undefined, collation);
    if (!coll) return { n: 0, ok: 1 };
    let n = 0;
    for (const _ of matching(coll, filter, query)) n++;
    n = Math.max(0, n - skip);
    if (limit) n = Math.min(n, limit);
    return { n, ok: 1 };
  },

  distinct(cmd, ctx) {
    checkFields(cmd, ['key', 'query', 'collation', 'hint']);
    const collation = parseCollation(cmd.collation);
    const name = collectionName(cmd, ctx);
    if (typeof cmd.key !== 'string' || !cmd.key)
      throw err('TypeMismatch', "BSON field 'distinct.key' is missing but a required field");
    const coll = ctx.store.getCollection(ctx.db, name);
    checkHint(cmd.hint, indexList(coll));
    const filter = optionalDoc(cmd, 'query');
    const query = compileFilter(filter, undefined, collation);
    const seen = new Map<string, unknown>();
    // Under a collation, strings equal by it are one value (the first seen), as MongoDB answers.
    const strings: string[] = [];
    const seenString = (x: string): boolean => {
      if (!collation) return false;
      if (strings.some((s) => collation.compare(s, x) === 0)) return true;
      strings.push(x);
      return false;
    };
    const path = cmd.key.split('.');
    if (coll) {
      for (const [, doc] of matching(coll, filter, query)) {
        for (const v of valuesAtPath(doc, path)) {
          for (const x of Array.isArray(v) ? v : [v]) {
            if (x === undefined) continue;
            if (typeof x === 'string' && seenString(x)) continue;
            const k = keyOf(x);
            if (!seen.has(k)) seen.set(k, x);
          }
        }
      }
    }
    const order = collation?.compare;
    return { values: [...seen.values()].sort((a, b) => compareValues(a, b, order)), ok: 1 };
  },
};

export type { CommandContext };
