/**
 * MongoDB's total order over BSON values, used for sorting (find, top-level
 * aggregation `$sort`, `$push` with `$sort`, `$min`/`$max`, distinct). mingo's own
 * comparison orders ObjectId and other BSON classes after every built-in type and
 * sorts arrays descending by their smallest element, where MongoDB uses the largest.
 */
import type { Binary, ObjectId, Timestamp } from 'bson';
import { compareNumbers } from './exact-number.ts';
import { valuesAtPath, type Doc } from './values.ts';

function bsontype(v: object): string | undefined {
  return (v as { _bsontype?: string })._bsontype;
}

/** Rank in MongoDB's comparison order of BSON types (null and missing are equal). */
export function typeRank(v: unknown): number {
  switch (typeof v) {
    case 'undefined':
      return 2;
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
  }
  if (v === null) return 2;
  if (Array.isArray(v)) return 6;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  switch (bsontype(v as object)) {
    case 'MinKey':
      return 1;
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return 3;
    case 'BSONSymbol':
      return 4;
    case 'Binary':
      return 7;
    case 'ObjectId':
    case 'ObjectID':
      return 8;
    case 'Timestamp':
      return 11;
    case 'BSONRegExp':
      return 12;
    case 'MaxKey':
      return 13;
  }
  return 5;
}

const cmp = <T extends string | number | bigint>(a: T, b: T): number => (a < b ? -1 : a > b ? 1 : 0);

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return cmp(a.length, b.length);
}

/** How two strings compare: binary by default, or by a collation (collation.ts). */
export type StringOrder = (a: string, b: string) => number;

/**
 * Compares two BSON values in MongoDB's order: negative, zero or positive. Strings (also inside arrays and
 * embedded documents, but never field names) compare by `strings`.
 */
export function compareValues(a: unknown, b: unknown, strings: StringOrder = compareStrings): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 1:
    case 2:
    case 13:
      return 0;
    case 3:
      return compareNumbers(a, b);
    case 4:
      return strings(String(a), String(b));
    case 5:
      return compareObjects(a as Doc, b as Doc, strings);
    case 6: {
      const xs = a as unknown[];
      const ys = b as unknown[];
      const n = Math.min(xs.length, ys.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(xs[i], ys[i], strings);
        if (c) return c;
      }
      return cmp(xs.length, ys.length);
    }
    case 7: {
      const x = a as Binary;
      const y = b as Binary;
      return cmp(x.length(), y.length()) || cmp(x.sub_type, y.sub_type) || compareBytes(x.buffer, y.buffer);
    }
    case 8:
      return compareBytes((a as ObjectId).id, (b as ObjectId).id);
    case 9:
      return cmp(Number(a), Number(b));
    case 10:
      return cmp((a as Date).getTime(), (b as Date).getTime());
    case 11:
      return cmp((a as Timestamp).toBigInt(), (b as Timestamp).toBigInt());
    case 12: {
      const x = a as { source: string; flags?: string; pattern?: string; options?: string };
      const y = b as { source: string; flags?: string; pattern?: string; options?: string };
      return (
        compareStrings(x.source ?? x.pattern ?? '', y.source ?? y.pattern ?? '') ||
        compareStrings(x.flags ?? x.options ?? '', y.flags ?? y.options ?? '')
      );
    }
  }
  return 0;
}

/** Binary (UTF-8 byte) order, as MongoDB's simple collation. */
function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  // UTF-16 code unit order differs from UTF-8 byte order only around surrogates.
  if (!/[\uD800-\uDFFF]/.test(a + b)) return a < b ? -1 : 1;
  return compareBytes(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function compareObjects(a: Doc, b: Doc, strings: StringOrder): number {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const va = a[ka[i]!];
    const vb = b[kb[i]!];
    const c =
      cmp(typeRank(va), typeRank(vb)) || compareStrings(ka[i]!, kb[i]!) || compareValues(va, vb, strings);
    if (c) return c;
  }
  return cmp(ka.length, kb.length);
}

/** Sorts below null: MongoDB places an empty array before null and missing values. */
const EMPTY_ARRAY_KEY = Symbol('emptyArray');

function sortKey(doc: Doc, path: string[], descending: boolean, strings: StringOrder): unknown {
  const values: unknown[] = [];
  let sawEmpty = false;
  for (const v of valuesAtPath(doc, path)) {
    if (Array.isArray(v)) {
      if (v.length === 0) sawEmpty = true;
      values.push(...v);
    } else values.push(v);
  }
  if (!values.length) return sawEmpty ? EMPTY_ARRAY_KEY : undefined;
  let best = values[0];
  for (const v of values.slice(1)) {
    const c = compareValues(v, best, strings);
    if (descending ? c > 0 : c < 0) best = v;
  }
  return best;
}

function compareKeys(a: unknown, b: unknown, strings: StringOrder): number {
  if (a === EMPTY_ARRAY_KEY || b === EMPTY_ARRAY_KEY) return a === b ? 0 : a === EMPTY_ARRAY_KEY ? -1 : 1;
  return compareValues(a, b, strings);
}

/**
 * Stable sort of documents by a `{field: 1 | -1}` specification, as MongoDB sorts them; strings by
 * `strings` (a collation's order) when given.
 */
export function sortDocuments<T extends Doc>(
  docs: T[],
  spec: Record<string, 1 | -1>,
  strings: StringOrder = compareStrings,
): T[] {
  const fields = Object.entries(spec).map(([f, dir]) => ({ path: f.split('.'), dir }));
  const keyed = docs.map((doc) => ({
    doc,
    keys: fields.map((f) => sortKey(doc, f.path, f.dir === -1, strings)),
  }));
  keyed.sort((x, y) => {
    for (let i = 0; i < fields.length; i++) {
      const c = compareKeys(x.keys[i], y.keys[i], strings);
      if (c) return c * fields[i]!.dir;
    }
    return 0;
  });
  return keyed.map((k) => k.doc);
}
