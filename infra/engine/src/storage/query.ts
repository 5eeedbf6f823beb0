/**
 * Query execution: mingo decides what matches (and projects and sorts); this module
 * only narrows the documents mingo has to look at, using the `_id` map and
 * secondary indexes for equality conditions (`{f: v}`, `{f: {$eq: v}}`,
 * `{f: {$in: [...]}}`, also inside a top-level `$and` / implicit AND), and
 * single-field indexes for string or number ranges (`{f: {$lte: v}}`, `$lt`, `$gt`,
 * `$gte`; the candidates are then tested by mingo like any others).
 */
import { Context } from 'mingo';
import * as mingoAccumulatorOperators from 'mingo/operators/accumulator';
import * as mingoExpressionOperators from 'mingo/operators/expression';
import * as mingoPipelineOperators from 'mingo/operators/pipeline';
import * as mingoProjectionOperators from 'mingo/operators/projection';
import * as mingoQueryOperators from 'mingo/operators/query';
import * as mingoWindowOperators from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { Long, ObjectId } from 'bson';
import { err } from '../errors.ts';
import type { Collection } from './store.ts';
import { compareValues, sortDocuments, typeRank } from './compare.ts';
import type { Collation } from './collation.ts';
import {
  compareNumbers,
  holdsExactNumber,
  isNaNNumber,
  isNumber,
  needsExactComparison,
  numbersEqual,
} from './exact-number.ts';
import { excludesNested } from './pipeline-guards.ts';
import {
  bsonTypeName,
  cloneValue,
  isOperatorObject,
  isPlainObject,
  keyOf,
  valuesAtPath,
  type Doc,
} from './values.ts';

/**
 * `$type` as MongoDB defines it over BSON types (mingo's version knows JS types
 * only: no objectId, int/long/double by storage type...). Filters are rewritten to
 * use it under this name.
 */
const BSON_TYPE_OP = '$__bsonType';

const TYPE_ALIASES: Record<number, string> = {
  1: 'double',
  2: 'string',
  3: 'object',
  4: 'array',
  5: 'binData',
  6: 'undefined',
  7: 'objectId',
  8: 'bool',
  9: 'date',
  10: 'null',
  11: 'regex',
  13: 'javascript',
  14: 'symbol',
  16: 'int',
  17: 'timestamp',
  18: 'long',
  19: 'decimal',
  [-1]: 'minKey',
  127: 'maxKey',
};
const NUMERIC_TYPES = new Set(['double', 'int', 'long', 'decimal']);

function typeNames(value: unknown): Set<string> {
  const out = new Set<string>();
  for (const t of Array.isArray(value) ? value : [value]) {
    const name = typeof t === 'number' ? TYPE_ALIASES[t] : typeof t === 'string' ? t : undefined;
    if (!name || (!Object.values(TYPE_ALIASES).includes(name) && name !== 'number')) {
      throw err('BadValue', `Unknown type name alias: ${String(t)}`);
    }
    out.add(name);
  }
  return out;
}

function hasType(v: unknown, want: Set<string>): boolean {
  const name = bsonTypeName(v);
  return want.has(name) || (want.has('number') && NUMERIC_TYPES.has(name));
}

function bsonTypeOperator(selector: string, value: unknown): (obj: Doc) => boolean {
  const want = typeNames(value);
  const path = selector.split('.');
  return (obj) =>
    valuesAtPath(obj, path).some((v) =>
      Array.isArray(v)
        ? want.has('array') || v.some((el) => hasType(el, want))
        : v !== undefined && hasType(v, want),
    );
}

/**
 * Equality with MongoDB's semantics for embedded documents: field order matters
 * (mingo's equality ignores it). Also matches an array holding an equal element.
 */
const BSON_EQ_OP = '$__bsonEq';

function bsonEqOperator(selector: string, value: unknown): (obj: Doc) => boolean {
  const key = keyOf(value);
  const path = selector.split('.');
  return (obj) =>
    valuesAtPath(obj, path).some(
      (v) => keyOf(v) === key || (Array.isArray(v) && v.some((el) => keyOf(el) === key)),
    );
}

/**
 * Equality to null on a dotted path (`{'a.b': null}`, `$eq`, and `$gte`/`$lte` null), as MongoDB's matcher reads
 * it: a value there is null or missing, or an array there holds a null. So it matches when `a` is missing, null,
 * a number, an empty array, or an array with an element that is no document or lacks `b` (MongoDB's own
 * `null_query_semantics` test); mingo matches none of the arrays. Paths with a numeric part stay mingo's.
 */
const DOTTED_NULL_OP = '$__dottedNull';

function dottedNullOperator(selector: string): (obj: Doc) => boolean {
  const path = selector.split('.');
  return (obj) =>
    valuesAtPath(obj, path).some((v) => v == null || (Array.isArray(v) && v.some((el) => el === null)));
}

const hasNumericPart = (path: string) => path.split('.').some((part) => /^\d+$/.test(part));

/** A rewritten field condition with its null equalities on a dotted path made `DOTTED_NULL_OP`. */
function dottedNull(cond: unknown): unknown {
  if (cond === null) return { [DOTTED_NULL_OP]: true };
  if (!isPlainObject(cond) || !isOperatorObject(cond)) return cond;
  const out: Doc = {};
  for (const [op, arg] of Object.entries(cond)) {
    if (op === '$eq' && arg === null) out[DOTTED_NULL_OP] = true;
    else if (op === '$ne' && arg === null) {
      if ('$not' in cond)
        throw err(
          'NotImplemented',
          '$ne: null with $not on a dotted path is not supported by the embedded engine',
        );
      out.$not = { [DOTTED_NULL_OP]: true };
    } else if (op === '$not' && isPlainObject(arg)) out.$not = dottedNull(arg);
    else out[op] = arg;
  }
  return out;
}

/**
 * Numbers compare by exact value across int32, int64, double and Decimal128 (exact-number.ts), as in MongoDB;
 * mingo compares a Decimal128 or a Long as an object, so every condition on a number is one of these
 * operators, whatever the stored documents hold. Each matches when a value at the path, or an element of an
 * array there, satisfies it; only numbers compare with a number (type bracketing).
 */
const EXACT = {
  $eq: '$__exactEq',
  $ne: '$__exactNe',
  $gt: '$__exactGt',
  $gte: '$__exactGte',
  $lt: '$__exactLt',
  $lte: '$__exactLte',
  $in: '$__exactIn',
  $nin: '$__exactNin',
  $all: '$__exactAll',
} as const;
type RangeOperator = '$gt' | '$gte' | '$lt' | '$lte';
const RANGE_OPERATORS = new Set<string>(['$gt', '$gte', '$lt', '$lte']);

/** Whether `v` equals `value` as MongoDB's equality does: numbers by value, documents and arrays by their keys. */
function equalsTo(value: unknown): (v: unknown) => boolean {
  if (isNumber(value)) return (v) => isNumber(v) && numbersEqual(v, value);
  const key = keyOf(value);
  return (v) => keyOf(v) === key;
}

function exactEqOperator(selector: string, value: unknown): (obj: Doc) => boolean {
  const path = selector.split('.');
  const equal = equalsTo(value);
  return (obj) => candidates(obj, path).some(equal);
}

/** `$ne`: no value at the path (nor element of an array there) equals it; a missing field matches. */
function exactNeOperator(selector: string, value: unknown): (obj: Doc) => boolean {
  const eq = exactEqOperator(selector, value);
  return (obj) => !eq(obj);
}

/**
 * A range against a number (or against an array or document holding numbers, compared in BSON order). A NaN
 * on either side satisfies only `$gte`/`$lte` and only against NaN, as in MongoDB's matcher.
 */
function exactRange(op: RangeOperator) {
  const holds = (c: number): boolean =>
    op === '$gt' ? c > 0 : op === '$gte' ? c >= 0 : op === '$lt' ? c < 0 : c <= 0;
  return (selector: string, bound: unknown): ((obj: Doc) => boolean) => {
    const path = selector.split('.');
    const rank = typeRank(bound);
    const test = isNumber(bound)
      ? (v: unknown): boolean => {
          if (!isNumber(v)) return false;
          const nan = isNaNNumber(v);
          if (nan || isNaNNumber(bound)) return nan && isNaNNumber(bound) && (op === '$gte' || op === '$lte');
          return holds(compareNumbers(v, bound));
        }
      : (v: unknown): boolean => typeRank(v) === rank && holds(compareValues(v, bound));
    return (obj) => candidates(obj, path).some(test);
  };
}

/** `$in`: a value at the path (or an element of an array there) equals one in the list or a regex matches it. */
function exactInOperator(selector: string, list: unknown[]): (obj: Doc) => boolean {
  const path = selector.split('.');
  const keys = new Set(list.filter((e) => !(e instanceof RegExp)).map(keyOf));
  // Copied once without `g`/`y`, so `test` keeps no position between values.
  const patterns = list
    .filter((e): e is RegExp => e instanceof RegExp)
    .map((re) => new RegExp(re.source, re.flags.replace(/[gy]/g, '')));
  const matchesOne = (v: unknown): boolean =>
    keys.has(keyOf(v)) || (typeof v === 'string' && patterns.some((re) => re.test(v)));
  return (obj) => candidates(obj, path).some(matchesOne);
}

function exactNinOperator(selector: string, list: unknown[]): (obj: Doc) => boolean {
  const inList = exactInOperator(selector, list);
  return (obj) => !inList(obj);
}

/** `$all` of plain values: each one equals a value at the path or an element of an array there. */
function exactAllOperator(selector: string, list: unknown[]): (obj: Doc) => boolean {
  const path = selector.split('.');
  const tests = list.map(equalsTo);
  return (obj) => {
    const found = candidates(obj, path);
    return tests.every((equal) => found.some(equal));
  };
}

/**
 * Operators that mingo evaluates on JavaScript numbers only (`$mod`, the `$bits…` family, `$expr`): they run as
 * mingo's own, but refuse a document where they would meet a Decimal128 or an Int64 beyond ±2^53 (at the
 * path; for `$expr` anywhere in the document or its variables) instead of answering wrongly.
 */
const GUARDED_OP = '$__guarded';
type MingoPredicate = (selector: string, value: unknown, options: Options) => (obj: Doc) => boolean;
// mingo types each built-in with its own operand type; they are called with the filter's operand as given.
const GUARDED: Record<string, MingoPredicate> = {
  $mod: mingoQueryOperators.$mod as MingoPredicate,
  $bitsAllSet: mingoQueryOperators.$bitsAllSet as MingoPredicate,
  $bitsAllClear: mingoQueryOperators.$bitsAllClear as MingoPredicate,
  $bitsAnySet: mingoQueryOperators.$bitsAnySet as MingoPredicate,
  $bitsAnyClear: mingoQueryOperators.$bitsAnyClear as MingoPredicate,
  $expr: mingoQueryOperators.$expr as MingoPredicate,
};
/** The field an `$expr` guard is filed under: never a real field (MongoDB refuses NUL in field names). */
const EXPR_FIELD = '\u0000expr';

/** The refusal for an operator or stage that would meet a Decimal128 or an Int64 beyond ±2^53. */
export function refuseExact(op: string): never {
  throw err(
    'NotImplemented',
    `${op} over Decimal128 or 64-bit integer values beyond 2^53 is not supported by the embedded engine`,
  );
}

function guardedOperator(
  selector: string,
  spec: { op: string; arg: unknown },
  options: Options,
): (obj: Doc) => boolean {
  const inner = GUARDED[spec.op]!(selector, spec.arg, options);
  if (spec.op === '$expr') {
    if (holdsExactNumber(options.variables ?? {})) refuseExact('$expr');
    return (obj) => (holdsExactNumber(obj) ? refuseExact('$expr') : inner(obj));
  }
  const path = selector.split('.');
  return (obj) => (candidates(obj, path).some(needsExactComparison) ? refuseExact(spec.op) : inner(obj));
}

/**
 * `$elemMatch` over values (`{ s: { $elemMatch: { $gt: 1 } } }`): mingo's own, refused on a document whose array
 * holds an array. MongoDB tests such an element as one value (`[1, 2]` is not `$gt: 1`); mingo looks into it.
 */
const ELEM_MATCH_VALUE_OP = '$__elemMatchValue';

function elemMatchValueOperator(selector: string, ops: Doc, options: Options): (obj: Doc) => boolean {
  const inner = (mingoQueryOperators.$elemMatch as MingoPredicate)(selector, ops, options);
  const path = selector.split('.');
  return (obj) => {
    if (valuesAtPath(obj, path).some((v) => Array.isArray(v) && v.some(Array.isArray)))
      throw err(
        'NotImplemented',
        '$elemMatch of values over an array holding arrays is not supported by the embedded engine',
      );
    return inner(obj);
  };
}

/**
 * Comparisons under a collation (collation.ts): a condition on a string becomes one of these operators,
 * whose value carries the string and the collation. Only strings are collated; other values compare as
 * without a collation. A condition matches when any value at the path, or any element of an array there,
 * satisfies it (type bracketing: a string bound compares with strings only).
 */
const COLLATED = {
  $eq: '$__collEq',
  $gt: '$__collGt',
  $gte: '$__collGte',
  $lt: '$__collLt',
  $lte: '$__collLte',
  $in: '$__collIn',
} as const;
type CollatedOp = keyof typeof COLLATED;

interface CollatedCondition {
  value: unknown;
  collation: Collation;
}

function candidates(obj: Doc, path: string[]): unknown[] {
  const out: unknown[] = [];
  for (const v of valuesAtPath(obj, path)) {
    out.push(v);
    if (Array.isArray(v)) out.push(...v);
  }
  return out;
}

function collatedComparison(op: Exclude<CollatedOp, '$in'>) {
  const holds = (c: number): boolean =>
    op === '$eq' ? c === 0 : op === '$gt' ? c > 0 : op === '$gte' ? c >= 0 : op === '$lt' ? c < 0 : c <= 0;
  return (selector: string, cond: CollatedCondition): ((obj: Doc) => boolean) => {
    const path = selector.split('.');
    const bound = cond.value as string;
    return (obj) =>
      candidates(obj, path).some((v) => typeof v === 'string' && holds(cond.collation.compare(v, bound)));
  };
}

function collatedIn(selector: string, cond: CollatedCondition): (obj: Doc) => boolean {
  const path = selector.split('.');
  const list = cond.value as unknown[];
  const matchesOne = (v: unknown): boolean =>
    list.some((e) => {
      if (typeof e === 'string') return typeof v === 'string' && cond.collation.compare(v, e) === 0;
      if (e instanceof RegExp) return typeof v === 'string' && new RegExp(e.source, e.flags).test(v);
      if (e === null) return v === null || v === undefined;
      return v !== undefined && keyOf(v) === keyOf(e);
    });
  return (obj) => candidates(obj, path).some(matchesOne);
}

// mingo's QueryOperator type is an intersection of every built-in's signature; ours is (selector, value) => predicate.
const ENGINE_QUERY_OPERATORS = {
  ...mingoQueryOperators,
  [BSON_TYPE_OP]: bsonTypeOperator,
  [BSON_EQ_OP]: bsonEqOperator,
  [DOTTED_NULL_OP]: dottedNullOperator,
  [EXACT.$eq]: exactEqOperator,
  [EXACT.$ne]: exactNeOperator,
  [EXACT.$gt]: exactRange('$gt'),
  [EXACT.$gte]: exactRange('$gte'),
  [EXACT.$lt]: exactRange('$lt'),
  [EXACT.$lte]: exactRange('$lte'),
  [EXACT.$in]: exactInOperator,
  [EXACT.$nin]: exactNinOperator,
  [EXACT.$all]: exactAllOperator,
  [GUARDED_OP]: guardedOperator,
  [ELEM_MATCH_VALUE_OP]: elemMatchValueOperator,
  [COLLATED.$eq]: collatedComparison('$eq'),
  [COLLATED.$gt]: collatedComparison('$gt'),
  [COLLATED.$gte]: collatedComparison('$gte'),
  [COLLATED.$lt]: collatedComparison('$lt'),
  [COLLATED.$lte]: collatedComparison('$lte'),
  [COLLATED.$in]: collatedIn,
} as never;

/**
 * Every mingo Query and Aggregator the engine builds takes its operators from one of these two contexts,
 * built once. mingo copies the context it is given into each new Query or Aggregator, and its package entry's
 * classes first merge it with all of mingo's operators (about 27 µs a query, a third of the engine's time under
 * point reads), so the engine uses the base classes (`mingo/query`, `mingo/aggregator`) with a context already
 * merged, and the smallest one that can run the filter or projection.
 */
const FULL_CONTEXT = Context.init({
  accumulator: mingoAccumulatorOperators,
  expression: mingoExpressionOperators,
  pipeline: mingoPipelineOperators,
  projection: mingoProjectionOperators,
  query: ENGINE_QUERY_OPERATORS,
  window: mingoWindowOperators,
} as never);
/** Matching and plain projection need no expression: query operators (`$elemMatch` too) and `$slice`. */
const MATCH_CONTEXT = Context.init({
  projection: mingoProjectionOperators,
  query: ENGINE_QUERY_OPERATORS,
} as never);

/** Options shared by every mingo Aggregator: no server-side JavaScript, BSON-aware `$type` and equality. */
export const MINGO_OPTIONS: Partial<Options> = { scriptEnabled: false, idKey: '_id', context: FULL_CONTEXT };
/** The same for a filter without `$expr` or a projection of inclusions and exclusions only. */
const MATCH_OPTIONS: Partial<Options> = { ...MINGO_OPTIONS, context: MATCH_CONTEXT };

/** Whether a filter holds `$expr` anywhere (in `$and`, `$elemMatch`, ...): only then are expressions evaluated. */
function holdsExpression(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(holdsExpression);
  if (!isPlainObject(v)) return false;
  for (const k in v) if (k === '$expr' || holdsExpression(v[k])) return true;
  return false;
}

/**
 * Rewrites a filter where mingo's semantics differ from MongoDB's: `$type` becomes
 * the BSON-aware operator, equality to an embedded document or an array becomes order-sensitive,
 * conditions on numbers compare exact values (EXACT), `$gte: null` / `$lte: null` match null and missing
 * like `$eq: null`, and `$mod`, the `$bits…` operators and `$expr` refuse Decimal128 values (GUARDED).
 */
export function rewriteFilter<T>(filter: T, collation?: Collation | null): T {
  if (!isPlainObject(filter)) return filter;
  const out: Doc = {};
  for (const [k, v] of Object.entries(filter)) {
    if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(v))
      out[k] = v.map((sub) => rewriteFilter(sub, collation));
    else if (k === '$expr' && collation)
      throw err('NotImplemented', '$expr with a collation is not supported by the embedded engine');
    // Filed under a field name, since mingo takes no custom top-level operator; `$expr` ignores the field.
    else if (k === '$expr') out[EXPR_FIELD] = { [GUARDED_OP]: { op: k, arg: v } };
    else if (k.startsWith('$')) out[k] = v;
    else if (k.includes('.') && !hasNumericPart(k))
      out[k] = dottedNull(rewriteCondition(v, collation ?? null));
    else out[k] = rewriteCondition(v, collation ?? null);
  }
  return out as T;
}

function rewriteCondition(v: unknown, collation: Collation | null): unknown {
  if (isNumber(v)) return { [EXACT.$eq]: v };
  if (isOperatorObject(v)) return rewriteOperators(v, collation);
  if (isPlainObject(v) || Array.isArray(v)) return { [BSON_EQ_OP]: v };
  if (collation && typeof v === 'string') return { [COLLATED.$eq]: { value: v, collation } };
  return v;
}

/** Whether a value is or holds a number (in embedded documents and arrays too). */
function holdsNumber(v: unknown): boolean {
  if (isNumber(v)) return true;
  if (Array.isArray(v)) return v.some(holdsNumber);
  if (isPlainObject(v)) return Object.values(v).some(holdsNumber);
  return false;
}

/** `$all` elements compared for equality: numbers, documents and arrays (mingo would compare them wrongly). */
const exactAllElement = (e: unknown): boolean =>
  isNumber(e) || Array.isArray(e) || (isPlainObject(e) && !isOperatorObject(e));

/** Whether a value holds a string anywhere (a collation would change how it compares). */
function holdsString(v: unknown): boolean {
  if (typeof v === 'string') return true;
  if (Array.isArray(v)) return v.some(holdsString);
  if (isPlainObject(v)) return Object.values(v).some(holdsString);
  return false;
}

/** The operators of a condition that compare strings under a collation. */
function rewriteCollated(ops: Doc, collation: Collation): Doc {
  const out: Doc = {};
  const negated: Doc[] = [];
  for (const [op, arg] of Object.entries(ops)) {
    const collated = (name: CollatedOp, value: unknown) => ({ [COLLATED[name]]: { value, collation } });
    if (
      typeof arg === 'string' &&
      (op === '$eq' || op === '$gt' || op === '$gte' || op === '$lt' || op === '$lte')
    )
      Object.assign(out, collated(op, arg));
    else if (op === '$ne' && typeof arg === 'string') negated.push(collated('$eq', arg));
    else if ((op === '$in' || op === '$nin') && Array.isArray(arg) && arg.some(holdsString)) {
      if (arg.some((e) => typeof e !== 'string' && holdsString(e)))
        throw err(
          'NotImplemented',
          `${op} of documents or arrays holding strings with a collation is not supported by the embedded engine`,
        );
      if (op === '$in') Object.assign(out, collated('$in', arg));
      else negated.push(collated('$in', arg));
    } else if (op === '$not' && isOperatorObject(arg)) negated.push(rewriteCollated(arg, collation));
    else if (op === '$elemMatch' && isPlainObject(arg)) {
      if (isOperatorObject(arg)) out[ELEM_MATCH_VALUE_OP] = rewriteCollated(arg, collation);
      else out.$elemMatch = rewriteFilter(arg, collation);
    } else if (holdsString(arg) && op !== '$regex' && op !== '$options' && op !== '$type' && op !== '$exists')
      throw err(
        'NotImplemented',
        `${op} on strings with a collation is not supported by the embedded engine`,
      );
    else out[op] = arg;
  }
  if (negated.length === 1) out.$not = negated[0];
  else if (negated.length > 1)
    throw err(
      'NotImplemented',
      'more than one of $ne, $nin and $not on a field with a collation is not supported by the embedded engine',
    );
  return rewriteOperators(out, null);
}

/** The condition of an `$elemMatch` inside `$all`, which mingo reads under its own name. */
const rewriteElemMatch = (cond: Doc): Doc =>
  isOperatorObject(cond) ? rewriteOperators(cond, null) : rewriteFilter(cond);

function rewriteOperators(ops: Doc, collation: Collation | null): Doc {
  if (collation) return rewriteCollated(ops, collation);
  const out: Doc = {};
  for (const [op, arg] of Object.entries(ops)) {
    const structured = isPlainObject(arg) || Array.isArray(arg);
    if (op === '$type') out[BSON_TYPE_OP] = arg;
    else if (op === '$eq' && isNumber(arg)) out[EXACT.$eq] = arg;
    else if (op === '$eq' && structured) out[BSON_EQ_OP] = arg;
    else if (op === '$ne' && (isNumber(arg) || structured)) out[EXACT.$ne] = arg;
    else if (RANGE_OPERATORS.has(op) && holdsNumber(arg)) out[EXACT[op as RangeOperator]] = arg;
    else if ((op === '$gte' || op === '$lte') && arg === null && !('$eq' in ops)) out.$eq = null;
    else if (
      (op === '$in' || op === '$nin') &&
      Array.isArray(arg) &&
      arg.some((e) => isNumber(e) || isPlainObject(e) || Array.isArray(e))
    )
      out[EXACT[op]] = arg;
    else if (Object.hasOwn(GUARDED, op) && op !== '$expr') out[GUARDED_OP] = { op, arg };
    else if (op === '$not' && isOperatorObject(arg)) out.$not = rewriteOperators(arg, null);
    else if (op === '$elemMatch' && isPlainObject(arg)) {
      if (isOperatorObject(arg)) out[ELEM_MATCH_VALUE_OP] = rewriteOperators(arg, null);
      else out.$elemMatch = rewriteFilter(arg);
    } else if (op === '$all' && Array.isArray(arg) && arg.length) {
      const exact = arg.filter(exactAllElement);
      const rest = arg
        .filter((x) => !exactAllElement(x))
        .map((x) =>
          isPlainObject(x) && isPlainObject(x.$elemMatch)
            ? { $elemMatch: rewriteElemMatch(x.$elemMatch) }
            : x,
        );
      if (exact.length) out[EXACT.$all] = exact;
      if (rest.length) out.$all = rest;
    } else out[op] = arg;
  }
  return out;
}

/** A mingo Query over `filter` with the engine's options (strings compared by `collation` when given). */
export function mingoQuery(filter: Doc, variables?: Doc, collation?: Collation | null): Query {
  const rewritten = rewriteFilter(filter, collation);
  if (variables) return new Query(rewritten, { ...MINGO_OPTIONS, variables });
  return new Query(rewritten, holdsExpression(filter) ? MINGO_OPTIONS : MATCH_OPTIONS);
}

const UNSUPPORTED_QUERY_OPERATORS = new Set([
  '$where',
  '$text',
  '$near',
  '$nearSphere',
  '$geoWithin',
  '$geoIntersects',
  '$comment',
]);

/**
 * Rejects query constructs whose mingo semantics would differ from MongoDB's. A Decimal128 or an Int64 beyond
 * ±2^53 is accepted where it is compared (`{f: v}`, `$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`, `$in`, `$nin`,
 * `$all`, inside embedded documents and arrays compared for equality, `$elemMatch`, `$not` and
 * `$and`/`$or`/`$nor`): those compare by exact value. Anywhere else (`$expr`, `$mod`, `$bits…`, `$size`) it is
 * refused.
 */
export function validateFilter(filter: unknown, where = 'filter'): void {
  const refuse = (): never => {
    throw err(
      'NotImplemented',
      `${where}: Decimal128 and 64-bit integer values beyond 2^53 are supported in comparisons (equality, ranges, $in, $nin, $all) only by the embedded engine`,
    );
  };
  const supported = (key: string): void => {
    if (UNSUPPORTED_QUERY_OPERATORS.has(key))
      throw err('NotImplemented', `${where}: the ${key} operator is not supported by the embedded engine`);
  };
  /** A value compared by the matcher: any BSON value, checked only for unsupported operators. */
  const compared = (v: unknown, exact: boolean): void => {
    if (!exact && needsExactComparison(v)) refuse();
    if (Array.isArray(v)) v.forEach((x) => compared(x, exact));
    else if (isPlainObject(v)) {
      for (const [k, val] of Object.entries(v)) {
        supported(k);
        compared(val, exact);
      }
    }
  };
  /** An operand the matcher does not compare (`$expr`, `$mod`, ...): no Decimal128 or large Int64. */
  const literal = (v: unknown): void => compared(v, false);
  const condition = (v: unknown): void => {
    if (!isOperatorObject(v)) return compared(v, true);
    for (const [op, arg] of Object.entries(v)) {
      supported(op);
      if (op === '$not') condition(arg);
      else if (op === '$elemMatch' && isPlainObject(arg)) {
        if (isOperatorObject(arg)) condition(arg);
        else clauses(arg);
      } else if (op === '$all' && Array.isArray(arg)) {
        for (const x of arg) {
          if (isPlainObject(x) && isPlainObject(x.$elemMatch)) condition(x);
          else compared(x, true);
        }
      } else compared(arg, EXACT_OPERANDS.has(op));
    }
  };
  const clauses = (f: Doc): void => {
    for (const [k, val] of Object.entries(f)) {
      supported(k);
      if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(val)) {
        for (const sub of val) {
          if (isPlainObject(sub)) clauses(sub);
          else literal(sub);
        }
      } else if (k.startsWith('$')) literal(val);
      else condition(val);
    }
  };
  if (filter !== undefined && filter !== null && !isPlainObject(filter)) {
    throw err('TypeMismatch', `${where} must be an object`);
  }
  if (filter) clauses(filter);
}

/** Operators whose operand is compared with the values at the path (numbers by exact value). */
const EXACT_OPERANDS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

/** Values for which an index key lookup is exactly MongoDB's equality match. */
function isExactScalar(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return !Number.isNaN(v);
  }
  return v instanceof ObjectId || v instanceof Date;
}

/** `{ field: scalar, ... }` with plain (non-positional) field paths and no operators. */
function isSimpleEquality(filter: Doc): boolean {
  for (const [k, v] of Object.entries(filter)) {
    if (k.startsWith('$') || /(^|\.)\d+(\.|$)/.test(k) || !isExactScalar(v)) return false;
  }
  return true;
}

/**
 * A filter of equalities alone (`{ f: v, 'a.b': w }`, each `v` a string, boolean, number, ObjectId, Date or null,
 * no numeric path part): tested by the engine itself, as MongoDB matches it. A value at the path (arrays on the
 * way traversed) equals `v` by exact value (`keyOf`), or is an array holding it; null is `DOTTED_NULL_OP`'s
 * reading. Service reads are mostly of this shape (`{ _id, deletedAt: null }`); anything else goes to mingo.
 */
function equalityMatcher(filter: Doc): ((doc: Doc) => boolean) | undefined {
  const tests: Array<(doc: Doc) => boolean> = [];
  for (const [field, value] of Object.entries(filter)) {
    if (field.startsWith('$') || hasNumericPart(field)) return undefined;
    if (value === null) tests.push(dottedNullOperator(field));
    else if (isExactScalar(value)) tests.push(bsonEqOperator(field, value));
    else return undefined;
  }
  return (doc) => tests.every((test) => test(doc));
}

/**
 * A compiled filter. Equalities alone are tested by the engine (`equalityMatcher`); anything else by a mingo
 * Query, compiled when the Matcher is made so that operator errors surface even on empty collections.
 */
export class Matcher {
  readonly filter: Doc;
  /** Strings compare by it; null: binary (then indexes may answer the filter). */
  readonly collation: Collation | null;
  readonly #test: (doc: Doc) => boolean;

  constructor(filter: Doc | undefined, variables?: Doc, collation?: Collation | null) {
    validateFilter(filter);
    this.filter = filter ?? {};
    this.collation = collation ?? null;
    const native = this.collation ? undefined : equalityMatcher(this.filter);
    if (native) this.#test = native;
    else {
      const query = mingoQuery(this.filter, variables, this.collation);
      this.#test = (doc) => query.test(doc);
    }
  }

  test(doc: Doc): boolean {
    return this.#test(doc);
  }
}

export function compileFilter(
  filter: Doc | undefined,
  variables?: Doc,
  collation?: Collation | null,
): Matcher {
  return new Matcher(filter, variables, collation);
}

/** Values a field condition is equal to, when it is an equality/$in condition usable for a lookup. */
function equalityValues(cond: unknown): unknown[] | null {
  if (isPlainObject(cond)) {
    const keys = Object.keys(cond);
    if (!keys.length || !keys[0]!.startsWith('$')) return [cond];
    if ('$eq' in cond) return usable([cond.$eq]);
    if ('$in' in cond && Array.isArray(cond.$in)) return usable(cond.$in);
    return null;
  }
  return usable([cond]);
}

/** Arrays and regexes match in ways a key lookup cannot express. */
function usable(values: unknown[]): unknown[] | null {
  for (const v of values) {
    if (Array.isArray(v) || v instanceof RegExp) return null;
    if (isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'))) return null;
  }
  return values;
}

const RANGE_OPS = ['$lt', '$lte', '$gt', '$gte'] as const;
type RangeOp = (typeof RANGE_OPS)[number];

/**
 * A range condition an index can serve: only range operators, each bound a string or a (finite) number, all
 * of one type. MongoDB's type bracketing: `$lte: 'b'` matches strings only, so keys of other types are out.
 */
function rangeBounds(cond: unknown): Array<[RangeOp, string | number]> | null {
  if (!isPlainObject(cond)) return null;
  const entries = Object.entries(cond);
  if (!entries.length) return null;
  const out: Array<[RangeOp, string | number]> = [];
  let kind: 'string' | 'number' | null = null;
  for (const [op, bound] of entries) {
    if (!(RANGE_OPS as readonly string[]).includes(op)) return null;
    const type =
      typeof bound === 'string'
        ? 'string'
        : typeof bound === 'number' && Number.isFinite(bound)
          ? 'number'
          : null;
    if (!type || (kind && kind !== type)) return null;
    kind = type;
    out.push([op as RangeOp, bound as string | number]);
  }
  return out;
}

function inRange(value: unknown, bounds: Array<[RangeOp, string | number]>): boolean {
  // Index values keep their BSON type: a number bound takes a Decimal128 or an Int64 key too.
  if (typeof bounds[0]![1] === 'string' ? typeof value !== 'string' : !isNumber(value) || isNaNNumber(value))
    return false;
  return bounds.every(([op, bound]) => {
    const c = compareValues(value, bound);
    return op === '$lt' ? c < 0 : op === '$lte' ? c <= 0 : op === '$gt' ? c > 0 : c >= 0;
  });
}

/** Top-level field conditions ANDed together (implicit AND and `$and`). */
function conjuncts(filter: Doc, out: [string, unknown][] = []): [string, unknown][] {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(v)) {
      for (const clause of v) if (isPlainObject(clause)) conjuncts(clause, out);
    } else if (!k.startsWith('$')) out.push([k, v]);
  }
  return out;
}

/**
 * Ids of the documents that can match `filter`, or null when no index applies
 * (every document must be examined).
 */
export function candidateIds(coll: Collection, filter: Doc | undefined): Set<string> | null {
  return plan(coll, filter)?.ids ?? null;
}

interface Plan {
  ids: Set<string>;
  /** The lookup is exactly the filter's match: candidates need no further test. */
  exact: boolean;
  /** How the candidates were found (for `explain`): `_id`, or an index and its bounds. */
  index: { name: string; keyPattern: Doc; bounds: Doc } | '_id';
}

function plan(coll: Collection, filter: Doc | undefined): Plan | null {
  if (!filter) return null;
  const conds = conjuncts(filter);
  if (!conds.length) return null;
  const eq = new Map<string, unknown[]>();
  for (const [field, cond] of conds) {
    const values = equalityValues(cond);
    if (values && !eq.has(field)) eq.set(field, values);
  }
  const single = conds.length === 1 && isSimpleEquality(filter);
  const ids = eq.get('_id');
  if (ids) return { ids: new Set(ids.map(keyOf)), exact: single, index: '_id' };
  let best: Set<string> | null = null;
  let bestExact = false;
  let bestIndex: Plan['index'] = '_id';
  for (const index of coll.indexes) {
    if (!index.complete) continue;
    const perField = index.fields.map((f) => eq.get(f));
    if (perField.some((v) => !v)) continue;
    let combos: unknown[][] = [[]];
    for (const vals of perField as unknown[][]) {
      const next: unknown[][] = [];
      for (const c of combos) for (const v of vals) next.push([...c, v]);
      combos = next;
    }
    const found = new Set<string>();
    for (const c of combos) for (const id of index.map.get(index.keyFor(c)) ?? []) found.add(id);
    if (!best || found.size < best.size) {
      best = found;
      bestExact = single && index.fields.length === 1;
      bestIndex = {
        name: index.name,
        keyPattern: { ...index.spec.key },
        bounds: Object.fromEntries(index.fields.map((f) => [f, eq.get(f)])),
      };
    }
    if (best.size === 0) break;
  }
  // A range on a single-field index walks its distinct keys; the smallest candidate set wins (an equality
  // on a field every document shares, such as `deletedAt: null`, loses to a narrow range).
  for (const [field, cond] of conds) {
    const bounds = rangeBounds(cond);
    if (!bounds) continue;
    for (const index of coll.indexes) {
      if (!index.complete || index.fields.length !== 1 || index.fields[0] !== field) continue;
      const found = new Set<string>();
      for (const [key, value] of index.values) {
        if (!inRange(value, bounds)) continue;
        for (const id of index.map.get(key) ?? []) found.add(id);
      }
      if (!best || found.size < best.size) {
        best = found;
        bestExact = false;
        bestIndex = {
          name: index.name,
          keyPattern: { ...index.spec.key },
          bounds: { [field]: Object.fromEntries(bounds) },
        };
      }
    }
  }
  return best ? { ids: best, exact: bestExact, index: bestIndex } : null;
}

/**
 * The plan `find` would use for `filter`, shaped like MongoDB's `queryPlanner.winningPlan` (`explain`):
 * `IXSCAN` under `FETCH` when an index (or `_id`) narrows the candidates, else `COLLSCAN`.
 */
export function explainPlan(coll: Collection | undefined, filter: Doc | undefined): Doc {
  const p = coll ? plan(coll, filter) : null;
  if (!p) return { stage: 'COLLSCAN', filter: filter ?? {}, direction: 'forward' };
  const inputStage =
    p.index === '_id'
      ? { stage: 'IDHACK' }
      : {
          stage: 'IXSCAN',
          indexName: p.index.name,
          keyPattern: p.index.keyPattern,
          indexBounds: p.index.bounds,
          keysExamined: p.ids.size,
        };
  return p.exact ? inputStage : { stage: 'FETCH', filter: filter ?? {}, inputStage };
}

/** Documents of `coll` matching `query`, in natural order, with their id keys. */
export function* matching(
  coll: Collection,
  filter: Doc | undefined,
  query: Matcher,
): Generator<[string, Doc]> {
  // Indexes hold binary keys: under a collation every document is tested.
  const p = query.collation ? null : plan(coll, filter);
  if (p) {
    for (const id of p.ids) {
      const doc = coll.docs.get(id);
      if (doc && (p.exact || query.test(doc))) yield [id, doc];
    }
    return;
  }
  const hasFilter = filter && Object.keys(filter).length > 0;
  for (const entry of coll.docs) {
    if (!hasFilter || query.test(entry[1])) yield entry;
  }
}

export interface FindOptions {
  sort?: Doc;
  skip?: number;
  limit?: number;
  projection?: Doc;
  /** Strings match and sort by it (collation.ts); null or absent: binary. */
  collation?: Collation | null;
}

/** Validates a sort specification (1/-1, or `$natural` alone); returns the mingo sort or natural direction. */
export function parseSort(sort: unknown): { spec?: Record<string, 1 | -1>; natural?: 1 | -1 } {
  if (sort === undefined || sort === null) return {};
  if (!isPlainObject(sort)) throw err('TypeMismatch', 'Expected field sort to be of type object');
  const spec: Record<string, 1 | -1> = {};
  for (const [k, v] of Object.entries(sort)) {
    const n = typeof v === 'number' ? v : v instanceof Long ? v.toNumber() : NaN;
    if (n !== 1 && n !== -1) {
      if (isPlainObject(v) && '$meta' in v)
        throw err('NotImplemented', '$meta sort is not supported by the embedded engine');
      throw err('BadValue', `$sort key ordering must be 1 (for ascending) or -1 (for descending)`);
    }
    spec[k] = n;
  }
  if ('$natural' in spec) {
    if (Object.keys(spec).length > 1)
      throw err('BadValue', '$natural sort cannot be combined with other sort keys');
    return { natural: spec.$natural };
  }
  return Object.keys(spec).length ? { spec } : {};
}

/** Moves `_id` first, as MongoDB returns it (mingo's projection appends it last). */
export function idFirst(doc: Doc): Doc {
  if (!('_id' in doc)) return doc;
  const keys = Object.keys(doc);
  if (keys[0] === '_id') return doc;
  const out: Doc = { _id: doc._id };
  for (const k of keys) if (k !== '_id') out[k] = doc[k];
  return out;
}

export function validateProjection(projection: unknown): Doc | undefined {
  if (projection === undefined || projection === null) return undefined;
  if (!isPlainObject(projection)) throw err('TypeMismatch', 'projection must be an object');
  for (const [k, v] of Object.entries(projection)) {
    if (k.endsWith('.$'))
      throw err('NotImplemented', `positional projection '${k}' is not supported by the embedded engine`);
    if (isPlainObject(v) && '$meta' in v)
      throw err('NotImplemented', '$meta projection is not supported by the embedded engine');
  }
  checkProjectionKind(projection);
  return Object.keys(projection).length ? projection : undefined;
}

/**
 * A projection includes or excludes, not both (`_id` aside; `$slice` and `$elemMatch` go with either): the
 * first field decides and a later one of the other kind fails as MongoDB's parser fails it (31253, 31254).
 * `prefix` heads the message of a `$project` stage.
 */
export function checkProjectionKind(projection: Doc, prefix = ''): 'inclusion' | 'exclusion' | undefined {
  let kind: 'inclusion' | 'exclusion' | undefined;
  const visit = (spec: Doc, path: string) => {
    for (const [k, v] of Object.entries(spec)) {
      const field = path ? `${path}.${k}` : k;
      if (isPlainObject(v) && !isOperatorObject(v) && Object.keys(v).length > 0) {
        visit(v, field);
        continue;
      }
      if (field === '_id' || (isPlainObject(v) && ('$slice' in v || '$elemMatch' in v))) continue;
      const next = v === 0 || v === false ? 'exclusion' : 'inclusion';
      kind ??= next;
      if (next !== kind)
        throw err(
          next === 'exclusion' ? 'ExclusionInInclusion' : 'InclusionInExclusion',
          `${prefix}Cannot do ${next} on field ${field} in ${kind} projection`,
        );
    }
  };
  visit(projection, '');
  return kind;
}

/** Runs a find: filter, sort, skip, limit, projection. Returned documents must not be mutated. */
export function find(
  coll: Collection | undefined,
  filter: Doc | undefined,
  opts: FindOptions,
  variables?: Doc,
): Doc[] {
  const query = compileFilter(filter, variables, opts.collation);
  const projection = validateProjection(opts.projection);
  const { spec, natural } = parseSort(opts.sort);
  if (!coll) return [];
  let docs: Doc[] = [];
  const skip = opts.skip ?? 0;
  const limit = opts.limit ?? 0;
  if (!spec && !projection) {
    // Fast path: natural order, stop as soon as skip+limit documents are found.
    const all = natural === -1 ? [...matching(coll, filter, query)].reverse() : matching(coll, filter, query);
    let seen = 0;
    for (const [, doc] of all) {
      if (seen++ < skip) continue;
      docs.push(doc);
      if (limit && docs.length >= limit) break;
    }
    return docs;
  }
  for (const [, doc] of matching(coll, filter, query)) docs.push(doc);
  if (natural === -1) docs.reverse();
  if (spec) docs = sortDocuments(docs, spec, opts.collation?.compare);
  if (skip || limit) docs = docs.slice(skip, limit ? skip + limit : undefined);
  return projection ? project(docs, projection) : docs;
}

/** Applies a find projection (mingo, and `$slice` alone here), keeping `_id` first. */
export function project(docs: Doc[], projection: Doc): Doc[] {
  const slices = Object.entries(projection).filter(([, v]) => isSliceSpec(v));
  if (slices.length) {
    const rest = Object.fromEntries(Object.entries(projection).filter(([, v]) => !isSliceSpec(v)));
    // MongoDB: `$slice` with nothing included is an exclusion, every other field is kept (mingo keeps none).
    if (Object.values(rest).every((v) => v === 0 || v === false)) {
      const kept = Object.keys(rest).length ? projectFields(docs, rest) : docs;
      return kept.map((doc) =>
        slices.reduce((out, [path, spec]) => sliceAt(out, path.split('.'), spec), doc),
      );
    }
  }
  return projectFields(docs, projection);
}

/**
 * An inclusion of top-level fields (`{ name: 1, email: 1 }`), made by the engine: `_id` (unless `_id: 0`) and the
 * named fields, in the document's order. Values are shared with the stored document, which is never changed.
 * Exclusions are `exclusionProject`'s.
 */
function topLevelProject(docs: Doc[], spec: Doc): Doc[] | undefined {
  const entries = Object.entries(spec);
  if (
    entries.some(
      ([k, v]) => k.includes('.') || k.startsWith('$') || (typeof v !== 'number' && typeof v !== 'boolean'),
    )
  )
    return undefined;
  const excluded = new Set(entries.filter(([, v]) => v === 0 || v === false).map(([k]) => k));
  const inclusion = checkProjectionKind(spec) === 'inclusion' || (entries.length > 0 && excluded.size === 0);
  if (!inclusion) return undefined;
  const keep = (k: string) => (k === '_id' ? !excluded.has('_id') : Object.hasOwn(spec, k));
  return docs.map((doc) => {
    const out: Doc = {};
    for (const k of Object.keys(doc)) if (keep(k)) out[k] = doc[k];
    return idFirst(out);
  });
}

/** The paths an exclusion drops, as a tree: `{ 'tasks.title': 0, outbox: 0 }` → tasks → title, and outbox. */
type ExclusionTree = Map<string, ExclusionTree | true>;

/**
 * The tree of an exclusion projection, of top-level fields or nested ones (dotted, `{ a: { b: 0 } }`, or both),
 * or undefined for anything else: an inclusion, an operator, an empty or `$` name, or two paths where one is a prefix of the other
 * (MongoDB's path collision), which stay mingo's. `_id: 1` beside exclusions keeps `_id`, as it is kept anyway.
 */
function exclusionTree(spec: Doc): ExclusionTree | undefined {
  const tree: ExclusionTree = new Map();
  const add = (path: string[]): boolean => {
    let node = tree;
    for (const [i, name] of path.entries()) {
      const next = node.get(name);
      if (i === path.length - 1) {
        if (next !== undefined) return false;
        node.set(name, true);
        return true;
      }
      if (next === true) return false;
      if (next === undefined) node.set(name, (node = new Map()));
      else node = next;
    }
    return false;
  };
  const visit = (level: Doc, prefix: string[]): boolean =>
    Object.entries(level).every(([key, v]) => {
      const path = [...prefix, ...key.split('.')];
      if (path.some((name) => name === '' || name.startsWith('$'))) return false;
      if (isPlainObject(v)) return Object.keys(v).length > 0 && !isOperatorObject(v) && visit(v, path);
      if (v === 0 || v === false) return add(path);
      return path.length === 1 && path[0] === '_id' && (v === 1 || v === true);
    });
  return visit(spec, []) && tree.size > 0 ? tree : undefined;
}

/** Set where an excluded path meets an array inside an array: mingo's case, for the whole batch. */
interface Excluding {
  nestedArray: boolean;
}

function excludeFrom(doc: Doc, tree: ExclusionTree, state: Excluding): Doc {
  const out: Doc = {};
  for (const key of Object.keys(doc)) {
    const node = tree.get(key);
    if (node === true) continue;
    out[key] = node === undefined ? doc[key] : excludeBelow(doc[key], node, state);
  }
  return out;
}

/** MongoDB's exclusion below a field: into a document, into every document of an array; other values stay. */
function excludeBelow(value: unknown, tree: ExclusionTree, state: Excluding): unknown {
  if (isPlainObject(value)) return excludeFrom(value, tree, state);
  if (!Array.isArray(value)) return value;
  return value.map((element: unknown) => {
    if (Array.isArray(element)) state.nestedArray = true;
    return excludeBelow(element, tree, state);
  });
}

/**
 * An exclusion projection (`{ outbox: 0, 'tasks.title': 0 }`), made by the engine: the named fields go from
 * every embedded document on their path, arrays of documents included, and everything else is kept in the
 * document's order. New objects are made only along the excluded paths; the stored document is never changed.
 */
function exclusionProject(docs: Doc[], spec: Doc): Doc[] | undefined {
  const tree = exclusionTree(spec);
  if (!tree) return undefined;
  const state: Excluding = { nestedArray: false };
  const projected = docs.map((doc) => idFirst(excludeFrom(doc, tree, state)));
  return state.nestedArray ? undefined : projected;
}

/** A projection without `$slice`: the engine's own for top-level inclusions and for exclusions, mingo's for the rest. */
function projectFields(docs: Doc[], spec: Doc): Doc[] {
  return topLevelProject(docs, spec) ?? exclusionProject(docs, spec) ?? mingoProject(docs, spec);
}

function mingoProject(docs: Doc[], spec: Doc): Doc[] {
  // `_id: 1` beside exclusions keeps what an exclusion keeps anyway; mingo refuses the mix.
  const { _id, ...rest } = spec;
  const projection = (_id === 1 || _id === true) && checkProjectionKind(spec) === 'exclusion' ? rest : spec;
  const plain = Object.values(projection).every((v) => typeof v === 'number' || typeof v === 'boolean');
  // mingo deletes a nested exclusion from the document it is given: never a stored one.
  const input = excludesNested(projection) ? docs.map(cloneValue) : docs;
  return new Query({}, plain ? MATCH_OPTIONS : MINGO_OPTIONS).find<Doc>(input, projection).all().map(idFirst);
}

const isSliceSpec = (v: unknown): v is { $slice: unknown } =>
  isPlainObject(v) && Object.keys(v).length === 1 && '$slice' in v;

/** `doc` with the array at `path` sliced as `{ $slice: n | [skip, n] }` asks; `doc` itself is not changed. */
function sliceAt(doc: Doc, path: string[], spec: { $slice: unknown }): Doc {
  const [head, ...tail] = path as [string, ...string[]];
  const value = doc[head];
  if (tail.length === 0)
    return Array.isArray(value) ? { ...doc, [head]: sliceArray(value, spec.$slice) } : doc;
  if (Array.isArray(value))
    throw err('NotImplemented', '$slice of a path through an array is not supported by the embedded engine');
  return isPlainObject(value) ? { ...doc, [head]: sliceAt(value, tail, spec) } : doc;
}

function sliceArray(values: unknown[], spec: unknown): unknown[] {
  if (typeof spec === 'number' && Number.isInteger(spec))
    return spec >= 0 ? values.slice(0, spec) : values.slice(Math.max(0, values.length + spec));
  if (
    Array.isArray(spec) &&
    spec.length === 2 &&
    spec.every((n) => typeof n === 'number' && Number.isInteger(n))
  ) {
    const [skip, limit] = spec as [number, number];
    if (limit <= 0) throw err('BadValue', '$slice limit must be positive');
    const start = skip >= 0 ? skip : Math.max(0, values.length + skip);
    return values.slice(start, start + limit);
  }
  throw err('BadValue', '$slice only supports numbers and [skip, limit] arrays');
}
