/**
 * Update application. Matching uses mingo (positional `$`, `$[<id>]` array filters,
 * `$pull` conditions), but the operators are applied here: mingo's updater skips
 * type errors silently ($inc on a string, $push onto a non-array) and has no
 * $setOnInsert, where MongoDB fails the write with a specific error.
 */
import type { Query } from 'mingo/query';
import { Long, ObjectId, Timestamp } from 'bson';
import { err, type MongoError } from '../errors.ts';
import { compareValues } from './compare.ts';
import { runMingoStages } from './pipeline-guards.ts';
import { MINGO_OPTIONS, mingoQuery, validateFilter } from './query.ts';
import {
  bsonTypeName,
  cloneValue,
  getPath,
  isNumeric,
  isPlainObject,
  keyOf,
  renderIdDoc,
  renderObject,
  renderValue,
  type Doc,
} from './values.ts';

type Container = Record<string, unknown> | unknown[];

const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$addToSet',
  '$pull',
  '$pullAll',
  '$pop',
  '$rename',
  '$currentDate',
  '$setOnInsert',
  '$bit',
]);

const PIPELINE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

export interface UpdateContext {
  /** The query that selected the document (for the positional `$` operator). */
  filter: Doc;
  arrayFilters?: Doc[] | undefined;
  /** True when the update builds an upserted document ($setOnInsert applies). */
  isInsert: boolean;
  /** The command's `let` (and the statement's `c`) variables, already evaluated; pipeline updates see them. */
  variables?: Doc | undefined;
}

export type UpdateSpec = Doc | Doc[];

export function isPipelineUpdate(u: UpdateSpec): u is Doc[] {
  return Array.isArray(u);
}

export function isOperatorUpdate(u: UpdateSpec): boolean {
  if (Array.isArray(u)) return false;
  const first = Object.keys(u)[0];
  return first !== undefined && first.startsWith('$');
}

interface ParsedArrayFilters {
  queries: Map<string, Query>;
  used: Set<string>;
}

function parseArrayFilters(arrayFilters: Doc[] | undefined): ParsedArrayFilters {
  const queries = new Map<string, Query>();
  for (const f of arrayFilters ?? []) {
    if (!isPlainObject(f)) throw err('TypeMismatch', 'arrayFilters must be an array of objects');
    const ids = new Set(Object.keys(f).map((k) => k.split('.')[0]!));
    if (ids.size !== 1) {
      const [a, b] = [...ids];
      throw err(
        'FailedToParse',
        ids.size === 0
          ? 'Cannot use an expression without a top-level field name in arrayFilters'
          : `Error parsing array filter :: caused by :: Expected a single top-level field name, found '${a}' and '${b}'`,
      );
    }
    const id = [...ids][0]!;
    if (!/^[a-z][a-zA-Z0-9]*$/.test(id)) {
      throw err(
        'BadValue',
        `Error parsing array filter :: caused by :: The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '${id}'`,
      );
    }
    if (queries.has(id))
      throw err('FailedToParse', `Found multiple array filters with the same top-level field name ${id}`);
    validateFilter(f, 'arrayFilters');
    queries.set(id, mingoQuery(f));
  }
  return { queries, used: new Set() };
}

/** Checks an operator update's shape before touching any document. */
export function validateUpdate(update: UpdateSpec, arrayFilters?: Doc[]): void {
  if (Array.isArray(update)) {
    for (const stage of update) {
      const name = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
      if (!name || Object.keys(stage).length !== 1)
        throw err('FailedToParse', 'A pipeline stage specification object must contain exactly one field.');
      if (!PIPELINE_STAGES.has(name)) {
        throw err('InvalidOptions', `${name} is not allowed to be used within an update`);
      }
    }
    if (arrayFilters?.length)
      throw err('FailedToParse', 'arrayFilters may not be specified for pipeline-style updates');
    return;
  }
  if (!isPlainObject(update))
    throw err('FailedToParse', 'Update argument must be either an object or an array');
  if (!isOperatorUpdate(update)) {
    for (const k of Object.keys(update)) {
      if (k.startsWith('$')) {
        throw err(
          'BadValue',
          `The dollar ($) prefixed field '${k}' in '${k}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
        );
      }
    }
    if (arrayFilters?.length) {
      const id = Object.keys(arrayFilters[0] ?? {})[0]?.split('.')[0] ?? '';
      throw err(
        'FailedToParse',
        `The array filter for identifier '${id}' was not used in the update ${renderObject(update)}`,
      );
    }
    return;
  }
  const paths: string[] = [];
  const filters = parseArrayFilters(arrayFilters);
  for (const [op, args] of Object.entries(update)) {
    if (!OPERATORS.has(op)) {
      throw err(
        'FailedToParse',
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(args)) {
      throw err(
        'FailedToParse',
        `Modifiers operate on fields but we found type ${bsonTypeName(args)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${renderValue(args)}}`,
      );
    }
    for (const [path, value] of Object.entries(args)) {
      validatePath(path);
      for (const part of path.split('.')) {
        const m = /^\$\[(.*)\]$/.exec(part);
        if (m && m[1]) {
          if (!filters.queries.has(m[1]))
            throw err('BadValue', `No array filter found for identifier '${m[1]}' in path '${path}'`);
          filters.used.add(m[1]);
        }
      }
      paths.push(path);
      if (op === '$rename') {
        if (typeof value !== 'string')
          throw err(
            'BadValue',
            `The 'to' field for $rename must be a string: ${path}: ${renderValue(value)}`,
          );
        validatePath(value);
        if (value === path)
          throw err('BadValue', `The source and target field for $rename must differ: ${path}: "${value}"`);
        if (path.includes('$') || value.includes('$'))
          throw err(
            'BadValue',
            'The source and target field for $rename must not contain positional operators',
          );
        paths.push(value);
      }
      if ((op === '$inc' || op === '$mul') && !isNumeric(value)) {
        throw err(
          'TypeMismatch',
          `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${renderValue(value)}}`,
        );
      }
      if (op === '$pop' && value !== 1 && value !== -1)
        throw err('FailedToParse', `$pop expects 1 or -1, found: ${renderValue(value)}`);
      if (op === '$pullAll' && !Array.isArray(value))
        throw err('BadValue', `$pullAll requires an array argument but was given a ${bsonTypeName(value)}`);
      if (op === '$currentDate') {
        const ok =
          value === true || (isPlainObject(value) && (value.$type === 'date' || value.$type === 'timestamp'));
        if (!ok)
          throw err(
            'BadValue',
            `${renderValue(value)} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`,
          );
      }
    }
  }
  for (const id of filters.queries.keys()) {
    if (!filters.used.has(id)) {
      throw err(
        'FailedToParse',
        `The array filter for identifier '${id}' was not used in the update ${renderObject(update)}`,
      );
    }
  }
  checkConflicts(paths);
}

function validatePath(path: string): void {
  if (path === '') throw err('EmptyFieldName', `An empty update path is not valid.`);
  const parts = path.split('.');
  parts.forEach((p, i) => {
    if (p === '')
      throw err(
        'EmptyFieldName',
        `The update path '${path}' contains an empty field name, which is not allowed.`,
      );
    if (p.startsWith('$') && p !== '$' && !/^\$\[[a-zA-Z0-9]*\]$/.test(p)) {
      throw err('BadValue', `The dollar ($) prefixed field '${p}' in '${path}' is not valid for storage.`);
    }
    if (i === 0 && p.startsWith('$'))
      throw err(
        'BadValue',
        `Cannot have positional (i.e. '$') element in the first position in path '${path}'`,
      );
  });
}

function checkConflicts(paths: string[]): void {
  const norm = paths.map((p) => p.split('.'));
  for (let i = 0; i < norm.length; i++) {
    for (let j = i + 1; j < norm.length; j++) {
      const a = norm[i]!;
      const b = norm[j]!;
      const n = Math.min(a.length, b.length);
      let same = true;
      for (let k = 0; k < n; k++) if (a[k] !== b[k]) same = false;
      if (same) {
        const shorter = a.length <= b.length ? a : b;
        throw err(
          'ConflictingUpdateOperators',
          `Updating the path '${paths[j]}' would create a conflict at '${shorter.join('.')}'`,
        );
      }
    }
  }
}

/** Applies `update` to a copy of `doc`; the stored document is never mutated. */
export function applyUpdate(doc: Doc, update: UpdateSpec, ctx: UpdateContext): Doc {
  if (Array.isArray(update)) return applyPipeline(doc, update, ctx.variables);
  if (!isOperatorUpdate(update)) return applyReplacement(doc, update);
  const original = doc;
  const next = cloneValue(doc);
  const filters = parseArrayFilters(ctx.arrayFilters);
  const apply = new Applier(original, next, ctx, filters);
  for (const [op, args] of Object.entries(update)) {
    for (const [path, value] of Object.entries(args as Doc)) apply.run(op, path, value);
  }
  if ('_id' in original && keyOf(next._id) !== keyOf(original._id)) {
    throw err(
      'ImmutableField',
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  }
  return next;
}

function applyReplacement(doc: Doc, replacement: Doc): Doc {
  const next: Doc = {};
  if ('_id' in doc) next._id = doc._id;
  for (const [k, v] of Object.entries(replacement)) {
    if (k === '_id') {
      if ('_id' in doc && keyOf(v) !== keyOf(doc._id)) {
        throw err(
          'ImmutableField',
          `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${renderValue(v)}`,
        );
      }
    }
    next[k] = cloneValue(v);
  }
  return next;
}

function applyPipeline(doc: Doc, pipeline: Doc[], variables: Doc | undefined): Doc {
  const options = variables ? { ...MINGO_OPTIONS, variables } : MINGO_OPTIONS;
  const [out] = runMingoStages(pipeline, options, [cloneValue(doc)]);
  if (!out) throw err('InternalError', 'pipeline update produced no document');
  if ('_id' in doc && keyOf(out._id) !== keyOf(doc._id)) {
    throw err(
      'ImmutableField',
      `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${renderValue(out._id)}`,
    );
  }
  return out;
}

function isContainer(v: unknown): v is Container {
  return Array.isArray(v) || isPlainObject(v);
}

function setAt(parent: Container, key: string | number, value: unknown): void {
  if (Array.isArray(parent)) {
    const i = key as number;
    while (parent.length < i) parent.push(null);
    parent[i] = value;
  } else parent[key as string] = value;
}

class Applier {
  readonly #original: Doc;
  readonly #doc: Doc;
  readonly #ctx: UpdateContext;
  readonly #filters: ParsedArrayFilters;

  constructor(original: Doc, doc: Doc, ctx: UpdateContext, filters: ParsedArrayFilters) {
    this.#original = original;
    this.#doc = doc;
    this.#ctx = ctx;
    this.#filters = filters;
  }

  run(op: string, path: string, value: unknown): void {
    const parts = path.split('.');
    switch (op) {
      case '$set':
        return this.#visit(parts, true, (p, k) => setAt(p, k, cloneValue(value)));
      case '$setOnInsert':
        if (this.#ctx.isInsert) this.#visit(parts, true, (p, k) => setAt(p, k, cloneValue(value)));
        return;
      case '$unset':
        return this.#visit(parts, false, (p, k) => {
          if (Array.isArray(p)) {
            if ((k as number) < p.length) p[k as number] = null;
          } else delete p[k as string];
        });
      case '$inc':
      case '$mul':
        return this.#visit(parts, true, (p, k) => {
          const cur = get(p, k);
          if (cur === undefined) return setAt(p, k, op === '$inc' ? value : zeroLike(value));
          if (!isNumeric(cur)) {
            throw err(
              'TypeMismatch',
              `Cannot apply ${op} to a value of non-numeric type. ${renderIdDoc(this.#original._id)} has the field '${String(k)}' of non-numeric type ${bsonTypeName(cur)}`,
            );
          }
          setAt(p, k, arithmetic(op, cur, value));
        });
      case '$min':
      case '$max':
        return this.#visit(parts, true, (p, k) => {
          const cur = get(p, k);
          const c = cur === undefined ? 0 : compareValues(value, cur);
          if (cur === undefined || (op === '$min' ? c < 0 : c > 0)) setAt(p, k, cloneValue(value));
        });
      case '$currentDate':
        return this.#visit(parts, true, (p, k) => {
          const ts = isPlainObject(value) && value.$type === 'timestamp';
          setAt(p, k, ts ? Timestamp.fromBits(0, Math.floor(Date.now() / 1000)) : new Date());
        });
      case '$push':
        return this.#visit(parts, true, (p, k) => this.#push(p, k, path, value));
      case '$addToSet':
        return this.#visit(parts, true, (p, k) => {
          const cur = get(p, k);
          const items = isPlainObject(value) && '$each' in value ? eachOf(value.$each, '$addToSet') : [value];
          if (cur === undefined) {
            const out: unknown[] = [];
            const seen = new Set<string>();
            for (const v of items) if (!seen.has(keyOf(v)) && seen.add(keyOf(v))) out.push(cloneValue(v));
            return setAt(p, k, out);
          }
          if (!Array.isArray(cur)) {
            throw err(
              'BadValue',
              `Cannot apply $addToSet to non-array field. Field named '${String(k)}' has non-array type ${bsonTypeName(cur)}`,
            );
          }
          const seen = new Set(cur.map(keyOf));
          for (const v of items) {
            const key = keyOf(v);
            if (!seen.has(key)) {
              seen.add(key);
              cur.push(cloneValue(v));
            }
          }
        });
      case '$pull':
      case '$pullAll':
        return this.#visit(parts, false, (p, k) => {
          const cur = get(p, k);
          if (cur === undefined) return;
          if (!Array.isArray(cur)) throw err('BadValue', `Cannot apply ${op} to a non-array value`);
          const remove = op === '$pullAll' ? pullAllMatcher(value as unknown[]) : pullMatcher(value);
          setAt(
            p,
            k,
            cur.filter((el) => !remove(el)),
          );
        });
      case '$pop':
        return this.#visit(parts, false, (p, k) => {
          const cur = get(p, k);
          if (cur === undefined) return;
          if (!Array.isArray(cur)) {
            throw err(
              'TypeMismatch',
              `Path '${path}' contains an element of non-array type '${bsonTypeName(cur)}'`,
            );
          }
          if (value === 1) cur.pop();
          else cur.shift();
        });
      case '$rename':
        return this.#rename(path, value as string);
      case '$bit':
        return this.#visit(parts, true, (p, k) => {
          const cur = get(p, k) ?? 0;
          if (typeof cur !== 'number' || !Number.isInteger(cur)) {
            throw err(
              'BadValue',
              `Cannot apply $bit to a value of non-integral type.${renderIdDoc(this.#original._id)} has the field ${String(k)} of non-integer type ${bsonTypeName(cur)}`,
            );
          }
          if (!isPlainObject(value))
            throw err(
              'BadValue',
              `The $bit modifier is not compatible with a ${bsonTypeName(value)}. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}`,
            );
          let r = cur;
          for (const [bop, arg] of Object.entries(value)) {
            if (typeof arg !== 'number' || !Number.isInteger(arg))
              throw err('BadValue', 'The $bit modifier field must be an Integer(32/64 bit)');
            if (bop === 'and') r &= arg;
            else if (bop === 'or') r |= arg;
            else if (bop === 'xor') r ^= arg;
            else
              throw err(
                'BadValue',
                `The $bit modifier only supports 'and', 'or', and 'xor', not '${bop}' which is an unknown operator`,
              );
          }
          setAt(p, k, r);
        });
    }
  }

  #push(parent: Container, key: string | number, path: string, value: unknown): void {
    const cur = get(parent, key);
    let each = [value];
    let slice: number | undefined;
    let sort: unknown;
    let position: number | undefined;
    if (isPlainObject(value) && '$each' in value) {
      for (const m of Object.keys(value)) {
        if (!['$each', '$slice', '$sort', '$position'].includes(m))
          throw err('BadValue', `Unrecognized clause in $push: ${m}`);
      }
      each = eachOf(value.$each, '$push');
      if (value.$slice !== undefined) slice = intArg(value.$slice, '$slice');
      if (value.$position !== undefined) position = intArg(value.$position, '$position');
      sort = value.$sort;
    }
    let arr: unknown[];
    if (cur === undefined) {
      arr = [];
      setAt(parent, key, arr);
    } else if (!Array.isArray(cur)) {
      throw err(
        'BadValue',
        `The field '${path}' must be an array but is of type ${bsonTypeName(cur)} in document ${renderIdDoc(this.#original._id)}`,
      );
    } else arr = cur;
    const items = each.map(cloneValue);
    if (position === undefined) arr.push(...items);
    else {
      const at = position < 0 ? Math.max(0, arr.length + position) : Math.min(position, arr.length);
      arr.splice(at, 0, ...items);
    }
    if (sort !== undefined) sortArray(arr, sort);
    if (slice !== undefined) {
      if (slice < 0) arr.splice(0, Math.max(0, arr.length + slice));
      else arr.splice(slice);
    }
  }

  #rename(from: string, to: string): void {
    const fromParts = from.split('.');
    let cur: unknown = this.#doc;
    for (const part of fromParts.slice(0, -1)) {
      if (Array.isArray(cur))
        throw err(
          'BadValue',
          `The source field cannot be an array element, '${from}' in doc with ${renderIdDoc(this.#original._id)} has an array field called '${part}'`,
        );
      if (!isPlainObject(cur)) return;
      cur = cur[part];
    }
    if (!isPlainObject(cur)) return;
    const last = fromParts[fromParts.length - 1]!;
    if (!(last in cur)) return;
    const value = cur[last];
    delete cur[last];
    this.#visit(to.split('.'), true, (p, k) => {
      if (Array.isArray(p))
        throw err(
          'BadValue',
          `The destination field cannot be an array element, '${to}' in doc with ${renderIdDoc(this.#original._id)} has an array field`,
        );
      setAt(p, k, value);
    });
  }

  /**
   * Walks `parts` from the document root and calls `leaf` for every target
   * (parent, key). With `create`, missing intermediate objects are created (and
   * traversing a scalar fails like MongoDB); without, missing paths are no-ops.
   */
  #visit(parts: string[], create: boolean, leaf: (parent: Container, key: string | number) => void): void {
    const walk = (node: Container, i: number, prefix: string[]): void => {
      const part = parts[i]!;
      const isLast = i === parts.length - 1;
      let keys: (string | number)[];
      if (part === '$' || part.startsWith('$[')) {
        if (!Array.isArray(node)) {
          if (part === '$')
            throw err('BadValue', 'The positional operator did not find the match needed from the query.');
          throw err(
            'BadValue',
            `Cannot apply array updates to non-array element ${prefix[prefix.length - 1]}: ${renderValue(node)}`,
          );
        }
        if (part === '$') keys = [this.#positional(prefix.join('.'))];
        else if (part === '$[]') keys = node.map((_, idx) => idx);
        else {
          const query = this.#filters.queries.get(part.slice(2, -1))!;
          const id = part.slice(2, -1);
          keys = [];
          node.forEach((el, idx) => {
            if (query.test({ [id]: el })) keys.push(idx);
          });
        }
      } else if (Array.isArray(node)) {
        if (!/^\d+$/.test(part)) {
          throw err(
            'PathNotViable',
            `Cannot create field '${part}' in element {${prefix[prefix.length - 1]}: ${renderValue(node)}}`,
          );
        }
        keys = [Number(part)];
      } else keys = [part];
      for (const key of keys) {
        if (isLast) {
          leaf(node, key);
          continue;
        }
        let child = get(node, key);
        if (child === undefined) {
          if (!create) continue;
          if (parts[i + 1] === '$' || parts[i + 1]!.startsWith('$[')) {
            if (parts[i + 1] === '$')
              throw err('BadValue', 'The positional operator did not find the match needed from the query.');
            throw err(
              'BadValue',
              `The path '${[...prefix, String(key)].join('.')}' must exist in the document in order to apply array updates.`,
            );
          }
          child = {};
          setAt(node, key, child);
        } else if (!isContainer(child)) {
          if (!create) continue;
          throw err(
            'PathNotViable',
            `Cannot create field '${parts[i + 1]}' in element {${String(key)}: ${renderValue(child)}}`,
          );
        }
        walk(child as Container, i + 1, [...prefix, String(key)]);
      }
    };
    walk(this.#doc, 0, []);
  }

  /** Index of the first element of the array at `arrayPath` matched by the query. */
  #positional(arrayPath: string): number {
    const arr = getPath(this.#original, arrayPath);
    const conds: [string, unknown][] = [];
    collectConjuncts(this.#ctx.filter, conds);
    const relevant = conds.filter(([k]) => k === arrayPath || k.startsWith(arrayPath + '.'));
    if (this.#ctx.isInsert || !Array.isArray(arr) || !relevant.length) {
      throw err('BadValue', 'The positional operator did not find the match needed from the query.');
    }
    const queries = relevant.map(([k, c]) => mingoQuery({ [k]: c }));
    const probe = (el: unknown): Doc => {
      const root: Doc = {};
      let cur = root;
      const parts = arrayPath.split('.');
      parts.forEach((p, i) => {
        if (i === parts.length - 1) cur[p] = [el];
        else cur = cur[p] = {} as Doc;
      });
      return root;
    };
    let firstPartial = -1;
    for (let i = 0; i < arr.length; i++) {
      const doc = probe(arr[i]);
      const results = queries.map((q) => q.test(doc));
      if (results.every(Boolean)) return i;
      if (firstPartial < 0 && results[0]) firstPartial = i;
    }
    if (firstPartial >= 0) return firstPartial;
    throw err('BadValue', 'The positional operator did not find the match needed from the query.');
  }
}

function collectConjuncts(filter: Doc, out: [string, unknown][]): void {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(v)) {
      for (const c of v) if (isPlainObject(c)) collectConjuncts(c, out);
    } else if (!k.startsWith('$')) out.push([k, v]);
  }
}

function get(parent: Container, key: string | number): unknown {
  return Array.isArray(parent) ? parent[key as number] : parent[key as string];
}

function eachOf(v: unknown, op: string): unknown[] {
  if (!Array.isArray(v))
    throw err(
      'BadValue',
      `The argument to $each in ${op} must be an array but it was of type: ${bsonTypeName(v)}`,
    );
  return v;
}

function intArg(v: unknown, name: string): number {
  const n = v instanceof Long ? v.toNumber() : v;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw err(
      'BadValue',
      `The value for ${name} must be an integer value but was given type: ${bsonTypeName(v)}`,
    );
  return n;
}

function sortArray(arr: unknown[], sort: unknown): void {
  if (sort === 1 || sort === -1) {
    arr.sort((a, b) => sort * compareValues(a, b));
    return;
  }
  if (!isPlainObject(sort) || !Object.keys(sort).length)
    throw err(
      'BadValue',
      'The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields',
    );
  const keys = Object.entries(sort);
  for (const [, dir] of keys)
    if (dir !== 1 && dir !== -1) throw err('BadValue', 'The $sort element value must be either 1 or -1');
  arr.sort((a, b) => {
    for (const [k, dir] of keys) {
      const c = compareValues(getPath(a, k), getPath(b, k));
      if (c) return c * (dir as number);
    }
    return 0;
  });
}

function zeroLike(v: unknown): unknown {
  return v instanceof Long ? Long.ZERO : 0;
}

function toNumberOrLong(v: unknown): number | Long {
  if (typeof v === 'number' || v instanceof Long) return v;
  throw err('BadValue', `arithmetic on ${bsonTypeName(v)} values is not supported by the embedded engine`);
}

function arithmetic(op: string, a: unknown, b: unknown): unknown {
  const x = toNumberOrLong(a);
  const y = toNumberOrLong(b);
  if (typeof x === 'number' && typeof y === 'number') return op === '$inc' ? x + y : x * y;
  const lx = Long.fromValue(x as number | Long);
  const ly = Long.fromValue(y as number | Long);
  return op === '$inc' ? lx.add(ly) : lx.multiply(ly);
}

function pullAllMatcher(values: unknown[]): (el: unknown) => boolean {
  const keys = new Set(values.map(keyOf));
  return (el) => keys.has(keyOf(el));
}

function pullMatcher(cond: unknown): (el: unknown) => boolean {
  if (isPlainObject(cond)) {
    const keys = Object.keys(cond);
    validateFilter(cond, '$pull');
    if (
      keys.length &&
      keys.every((k) => k.startsWith('$')) &&
      !keys.includes('$and') &&
      !keys.includes('$or') &&
      !keys.includes('$nor')
    ) {
      const q = mingoQuery({ v: cond });
      return (el) => q.test({ v: el });
    }
    const q = mingoQuery(cond);
    return (el) => isPlainObject(el) && q.test(el);
  }
  const key = keyOf(cond);
  return (el) => keyOf(el) === key;
}

/** The document an upsert starts from: the equality conditions of its query. */
export function upsertSeed(filter: Doc): Doc {
  const seed: Doc = {};
  const conds: [string, unknown][] = [];
  collectConjuncts(filter, conds);
  for (const [path, cond] of conds) {
    let value: unknown;
    if (isPlainObject(cond) && Object.keys(cond)[0]?.startsWith('$')) {
      if (!('$eq' in cond)) continue;
      value = cond.$eq;
    } else value = cond;
    if (value instanceof RegExp) continue;
    const parts = path.split('.');
    let cur: Doc = seed;
    let ok = true;
    parts.forEach((p, i) => {
      if (!ok) return;
      if (i === parts.length - 1) cur[p] = cloneValue(value);
      else {
        if (cur[p] === undefined) cur[p] = {};
        if (!isPlainObject(cur[p])) ok = false;
        else cur = cur[p] as Doc;
      }
    });
  }
  return seed;
}

/** Builds the document an upsert inserts. */
export function buildUpsert(
  filter: Doc,
  update: UpdateSpec,
  arrayFilters: Doc[] | undefined,
  variables?: Doc,
): Doc {
  const seed = upsertSeed(filter);
  let doc: Doc;
  if (Array.isArray(update)) doc = applyPipeline(seed, update, variables);
  else if (!isOperatorUpdate(update)) {
    doc = {};
    if ('_id' in seed) doc._id = seed._id;
    for (const [k, v] of Object.entries(update)) {
      if (k === '_id' && '_id' in seed && keyOf(v) !== keyOf(seed._id)) {
        throw err(
          'ImmutableField',
          `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${renderValue(v)}`,
        );
      }
      doc[k] = cloneValue(v);
    }
  } else {
    doc = applyUpdate(seed, update, { filter, arrayFilters, isInsert: true });
  }
  return withId(doc);
}

/** Ensures `_id` exists and comes first, generating an ObjectId when absent. */
export function withId(doc: Doc): Doc {
  const keys = Object.keys(doc);
  if (keys[0] === '_id') return doc;
  const out: Doc = { _id: '_id' in doc ? doc._id : new ObjectId() };
  for (const k of keys) if (k !== '_id') out[k] = doc[k];
  return out;
}

export function isMongoError(e: unknown): e is MongoError {
  return e instanceof Error && e.name === 'MongoError';
}
