/**
 * Value helpers shared by storage, indexes and update operators: canonical keys for
 * Map-based indexes, copying documents without losing BSON classes, BSON type names
 * and mongo-shell style rendering for error messages.
 */
import { Binary, Decimal128, Long, MaxKey, MinKey, ObjectId, Timestamp, type Document } from 'bson';
import { numberKey } from './exact-number.ts';

export type Doc = Document;

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A document whose first key is an operator (`{ $gt: 1 }`, `{ $literal: ... }`): a condition or an expression. */
export const isOperatorObject = (v: unknown): v is Record<string, unknown> =>
  isPlainObject(v) && Object.keys(v)[0]?.startsWith('$') === true;

function bsontype(v: object): string | undefined {
  return (v as { _bsontype?: string })._bsontype;
}

/**
 * A string that is equal for two values exactly when MongoDB considers them equal
 * (numbers compare by exact value across int/long/double/decimal; objects are order-sensitive).
 * `undefined` (missing) and null share a key, as in MongoDB indexes.
 */
export function keyOf(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return 's' + v;
    case 'number':
      // Safe integers and non-integral doubles are their own string; larger integers are spelled out (numberKey).
      return (
        'n' + (Number.isSafeInteger(v) || !Number.isInteger(v) ? (Object.is(v, -0) ? 0 : v) : numberKey(v))
      );
    case 'boolean':
      return v ? 'bT' : 'bF';
    case 'bigint':
      return 'n' + numberKey(v);
    case 'undefined':
      return 'z';
  }
  if (v === null) return 'z';
  if (v instanceof Date) return 'd' + v.getTime();
  if (Array.isArray(v)) return 'A[' + v.map(keyOf).join(',') + ']';
  if (v instanceof RegExp) return 'r/' + v.source + '/' + v.flags;
  const t = bsontype(v as object);
  switch (t) {
    case 'ObjectId':
    case 'ObjectID':
      return 'o' + (v as ObjectId).toHexString();
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return 'n' + numberKey(v);
    case 'Binary':
      return 'x' + (v as Binary).sub_type + ':' + Buffer.from((v as Binary).buffer).toString('base64');
    case 'Timestamp':
      return 't' + (v as Timestamp).toString();
    case 'MinKey':
      return '-min';
    case 'MaxKey':
      return '+max';
    case undefined:
      break;
    default:
      return t + ':' + String(v);
  }
  if (isPlainObject(v)) {
    let s = 'O{';
    for (const [k, val] of Object.entries(v)) s += JSON.stringify(k) + ':' + keyOf(val) + ',';
    return s + '}';
  }
  return 'u' + String(v);
}

/**
 * Deep copy of plain objects and arrays; BSON value objects are immutable and
 * shared, Dates are copied. Stored documents are never mutated in place, so a copy
 * is taken before applying an update.
 */
export function cloneValue<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneValue) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = cloneValue(v[k]);
    return out as T;
  }
  return v;
}

/** The BSON type name MongoDB uses in messages (`string`, `int`, `objectId`, ...). */
export function bsonTypeName(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'number':
      return Number.isInteger(v) && Math.abs(v) <= 0x7fffffff ? 'int' : 'double';
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'long';
    case 'undefined':
      return 'missing';
  }
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regex';
  const t = bsontype(v as object);
  if (t) {
    const names: Record<string, string> = {
      ObjectId: 'objectId',
      ObjectID: 'objectId',
      Long: 'long',
      Decimal128: 'decimal',
      Binary: 'binData',
      Timestamp: 'timestamp',
      MinKey: 'minKey',
      MaxKey: 'maxKey',
      Int32: 'int',
      Double: 'double',
      BSONRegExp: 'regex',
      Code: 'javascript',
      BSONSymbol: 'symbol',
    };
    return names[t] ?? t.toLowerCase();
  }
  return 'object';
}

export function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return true;
  const t = v !== null && typeof v === 'object' ? bsontype(v) : undefined;
  return t === 'Long' || t === 'Decimal128' || t === 'Int32' || t === 'Double';
}

/** Renders a value the way mongod does inside error messages. */
export function renderValue(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Object.is(v, -0) ? '-0.0' : String(v);
    case 'boolean':
      return String(v);
    case 'bigint':
      return String(v);
    case 'undefined':
      return 'null';
  }
  if (v === null) return 'null';
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (Array.isArray(v)) return v.length ? `[ ${v.map(renderValue).join(', ')} ]` : '[]';
  if (v instanceof RegExp) return `/${v.source}/${v.flags}`;
  if (v instanceof ObjectId) return `ObjectId('${v.toHexString()}')`;
  if (v instanceof Long) return v.toString();
  if (v instanceof Decimal128) return `NumberDecimal("${v.toString()}")`;
  if (v instanceof Timestamp) return `Timestamp(${v.t}, ${v.i})`;
  if (v instanceof Binary)
    return `BinData(${v.sub_type}, ${Buffer.from(v.buffer).toString('hex').toUpperCase()})`;
  if (v instanceof MinKey) return 'MinKey';
  if (v instanceof MaxKey) return 'MaxKey';
  if (isPlainObject(v)) return renderObject(v);
  return String(v);
}

/** `{ a: 1, b: "x" }`, or `{}` when empty. */
export function renderObject(o: Record<string, unknown>): string {
  const entries = Object.entries(o);
  if (!entries.length) return '{}';
  return '{ ' + entries.map(([k, v]) => `${k}: ${renderValue(v)}`).join(', ') + ' }';
}

/** Compact rendering used in update error messages: `{_id: ObjectId('...')}`. */
export function renderIdDoc(id: unknown): string {
  return `{_id: ${renderValue(id)}}`;
}

/** Reads the values at a dotted path; arrays on the way are traversed (multikey). */
export function valuesAtPath(doc: unknown, path: string[], from = 0): unknown[] {
  if (from === path.length) return [doc];
  if (Array.isArray(doc)) {
    const part = path[from]!;
    const numeric = /^\d+$/.test(part);
    const out: unknown[] = [];
    if (numeric) {
      const el = doc[Number(part)];
      if (el !== undefined) out.push(...valuesAtPath(el, path, from + 1));
    }
    for (const el of doc) {
      if (!isPlainObject(el)) continue;
      const vals = valuesAtPath(el, path, from);
      // A numeric component is an array position; elements without such a field add nothing.
      out.push(...(numeric ? vals.filter((v) => v !== undefined) : vals));
    }
    return out.length ? out : [undefined];
  }
  if (!isPlainObject(doc)) return [undefined];
  const next = doc[path[from]!];
  if (next === undefined) return [undefined];
  return valuesAtPath(next, path, from + 1);
}

/** Reads one value at a dotted path without traversing arrays (undefined if absent). */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(cur) && /^\d+$/.test(part)) cur = cur[Number(part)];
    else if (isPlainObject(cur)) cur = cur[part];
    else return undefined;
  }
  return cur;
}

/** MongoDB refuses to store documents nested deeper than this. */
export const MAX_NESTING_DEPTH = 100;

/** Whether `v` nests objects/arrays deeper than `max` levels. */
export function nestedDeeperThan(v: unknown, max: number, depth = 0): boolean {
  if (Array.isArray(v)) {
    if (depth >= max) return true;
    return v.some((x) => nestedDeeperThan(x, max, depth + 1));
  }
  if (isPlainObject(v)) {
    if (depth >= max) return true;
    for (const x of Object.values(v)) if (nestedDeeperThan(x, max, depth + 1)) return true;
  }
  return false;
}
