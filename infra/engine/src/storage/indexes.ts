/**
 * Secondary indexes: a Map from the canonical key of the indexed value(s) to the
 * set of `_id` keys of the documents holding them. Arrays are multikey (each
 * element is indexed). Unique indexes reject a second id under the same key.
 */
import type { Query } from 'mingo/query';
import { mingoQuery } from './query.ts';
import { err } from '../errors.ts';
import { isPlainObject, keyOf, renderObject, valuesAtPath, type Doc } from './values.ts';

export interface IndexSpec {
  v: number;
  key: Record<string, unknown>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  expireAfterSeconds?: number;
  [option: string]: unknown;
}

/** Index options we accept; anything else is refused rather than silently ignored. */
const SUPPORTED_OPTIONS = new Set([
  'v',
  'key',
  'name',
  'unique',
  'sparse',
  'partialFilterExpression',
  'background',
  'expireAfterSeconds',
  'hidden',
  'ns',
]);

/** Marker for an empty array, indexed under its own key like MongoDB's `undefined` key. */
const EMPTY_ARRAY = Symbol('emptyArray');
const EMPTY_ARRAY_KEY = 'u[]';
const KEY_SEPARATOR = '\u0000';

export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');
}

export function validateIndexSpec(raw: unknown, ns: string): IndexSpec {
  if (!isPlainObject(raw)) throw err('TypeMismatch', 'Index specification must be an object');
  const key = raw.key;
  if (!isPlainObject(key) || Object.keys(key).length === 0) {
    throw err('BadValue', `Index keys cannot be empty. ${ns}`);
  }
  for (const [field, dir] of Object.entries(key)) {
    if (dir !== 1 && dir !== -1) {
      throw err(
        'NotImplemented',
        `Index type ${JSON.stringify(dir)} on field '${field}' is not supported by the embedded engine (only ascending 1 / descending -1 indexes)`,
      );
    }
    if (!field || field.startsWith('$') || field.split('.').some((p) => p === '')) {
      throw err('BadValue', `Index key contains an illegal field name: '${field}'`);
    }
  }
  if (typeof raw.name !== 'string' || !raw.name) {
    throw err(
      'FailedToParse',
      "Error in specification: the 'name' field is a required property of an index specification",
    );
  }
  for (const opt of Object.keys(raw)) {
    if (!SUPPORTED_OPTIONS.has(opt)) {
      throw err(
        'InvalidOptions',
        `The field '${opt}' is not valid for an index specification (not supported by the embedded engine). Specification: ${renderObject(raw)}`,
      );
    }
  }
  const ttl = raw.expireAfterSeconds;
  if (ttl !== undefined) {
    if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 0 || ttl > 2147483647) {
      throw err(
        'InvalidOptions',
        `TTL index 'expireAfterSeconds' option must be within an acceptable range, try a lower number: ${String(ttl)}`,
      );
    }
    if (Object.keys(key).length !== 1) {
      throw err(
        'CannotCreateIndex',
        'TTL indexes are single-field indexes, compound indexes do not support TTL.',
      );
    }
  }
  if (raw.partialFilterExpression !== undefined && !isPlainObject(raw.partialFilterExpression)) {
    throw err('TypeMismatch', "'partialFilterExpression' for an index must be a document");
  }
  const spec: IndexSpec = { v: 2, key: { ...key }, name: raw.name };
  if (raw.unique === true) spec.unique = true;
  if (raw.sparse === true) spec.sparse = true;
  if (raw.partialFilterExpression) spec.partialFilterExpression = raw.partialFilterExpression;
  if (raw.hidden === true) spec.hidden = true;
  if (typeof ttl === 'number') spec.expireAfterSeconds = ttl;
  return spec;
}

/** True when two specs describe the same index (MongoDB then reports "already exists"). */
export function sameIndex(a: IndexSpec, b: IndexSpec): boolean {
  return (
    keyOf(a.key) === keyOf(b.key) &&
    !!a.unique === !!b.unique &&
    !!a.sparse === !!b.sparse &&
    keyOf(a.partialFilterExpression) === keyOf(b.partialFilterExpression) &&
    a.expireAfterSeconds === b.expireAfterSeconds
  );
}

export interface DuplicateInfo {
  keyPattern: Record<string, unknown>;
  keyValue: Record<string, unknown>;
}

export class Index {
  readonly spec: IndexSpec;
  readonly fields: string[];
  readonly #paths: string[][];
  readonly #partial: Query | undefined;
  /** index key → ids (keyOf(_id)) of documents holding it. */
  readonly map = new Map<string, Set<string>>();
  /**
   * Single-field indexes: index key → the value it stands for, so range conditions ($lt, $lte, $gt, $gte)
   * can walk the distinct keys instead of every document.
   */
  readonly values = new Map<string, unknown>();

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.#paths = this.fields.map((f) => f.split('.'));
    this.#partial = spec.partialFilterExpression ? mingoQuery(spec.partialFilterExpression) : undefined;
  }

  get name(): string {
    return this.spec.name;
  }
  get unique(): boolean {
    return !!this.spec.unique;
  }
  /** Whether every document is in the index (so a lookup can replace a scan). */
  get complete(): boolean {
    return !this.spec.sparse && !this.#partial;
  }

  /** Per-field candidate values (arrays expanded); null when the document is not indexed. */
  #fieldValues(doc: Doc): unknown[][] | null {
    if (this.#partial && !this.#partial.test(doc)) return null;
    const perField = this.#paths.map((p) => {
      const out: unknown[] = [];
      for (const v of valuesAtPath(doc, p)) {
        if (Array.isArray(v)) {
          if (v.length === 0) out.push(EMPTY_ARRAY);
          else out.push(...v);
        } else out.push(v);
      }
      return out;
    });
    if (this.spec.sparse && perField.every((vals) => vals.every((v) => v === undefined))) return null;
    return perField;
  }

  /** The keys under which `doc` is stored, with the values that produced each. */
  entries(doc: Doc): Map<string, unknown[]> {
    const perField = this.#fieldValues(doc);
    const out = new Map<string, unknown[]>();
    if (!perField) return out;
    let combos: unknown[][] = [[]];
    for (const vals of perField) {
      const next: unknown[][] = [];
      for (const c of combos) for (const v of vals) next.push([...c, v]);
      combos = next;
    }
    for (const c of combos) out.set(this.keyFor(c), c);
    return out;
  }

  keyFor(values: unknown[]): string {
    return values.map((v) => (v === EMPTY_ARRAY ? EMPTY_ARRAY_KEY : keyOf(v))).join(KEY_SEPARATOR);
  }

  add(id: string, doc: Doc): void {
    for (const [key, values] of this.entries(doc)) this.#addKey(id, key, values);
  }

  remove(id: string, doc: Doc): void {
    for (const key of this.entries(doc).keys()) this.#removeKey(id, key);
  }

  /**
   * `old` became `next` under the same id: only the keys that differ move. A task's status change in a
   * roadmap of 50 embedded tasks leaves the 50 keys of a `tasks._id` index where they are, instead of
   * deleting and re-adding them in a map of every task of every venture.
   */
  replace(id: string, old: Doc, next: Doc): void {
    const before = this.entries(old);
    const after = this.entries(next);
    for (const key of before.keys()) if (!after.has(key)) this.#removeKey(id, key);
    for (const [key, values] of after) if (!before.has(key)) this.#addKey(id, key, values);
  }

  #addKey(id: string, key: string, values: unknown[]): void {
    let ids = this.map.get(key);
    if (!ids) {
      this.map.set(key, (ids = new Set()));
      if (this.fields.length === 1) this.values.set(key, values[0]);
    }
    ids.add(id);
  }

  #removeKey(id: string, key: string): void {
    const ids = this.map.get(key);
    if (!ids) return;
    ids.delete(id);
    if (ids.size === 0) {
      this.map.delete(key);
      this.values.delete(key);
    }
  }

  /** For a unique index: the values `doc` would duplicate, held by a document other than `id`. */
  findConflict(doc: Doc, id: string): DuplicateInfo | undefined {
    if (!this.unique) return undefined;
    for (const [key, values] of this.entries(doc)) {
      const ids = this.map.get(key);
      if (!ids) continue;
      for (const other of ids) {
        if (other !== id) return this.describe(values);
      }
    }
    return undefined;
  }

  describe(values: unknown[]): DuplicateInfo {
    const keyValue: Record<string, unknown> = {};
    this.fields.forEach((f, i) => {
      const v = values[i];
      keyValue[f] = v === undefined || v === EMPTY_ARRAY ? null : v;
    });
    return { keyPattern: { ...this.spec.key }, keyValue };
  }
}
