/**
 * The output stages of `aggregate` (issue 22): `$out` replaces a collection with the pipeline's result,
 * `$merge` folds it into one. Both are the pipeline's last stage and answer an empty cursor, as in MongoDB.
 * The write is all or nothing: a duplicate key (or `whenMatched: 'fail'`, `whenNotMatched: 'fail'`) leaves
 * the target as it was. The engine runs one command at a time, so nothing interleaves with it.
 */
import { Aggregator } from 'mingo/aggregator';
import { ObjectId } from 'bson';
import { err } from '../errors.ts';
import { MINGO_OPTIONS } from '../storage/query.ts';
import { type Collection, validateCollectionName, validateDbName } from '../storage/store.ts';
import { cloneValue, getPath, isPlainObject, keyOf, type Doc } from '../storage/values.ts';
import type { CommandContext } from './context.ts';

export const OUTPUT_STAGES = new Set(['$out', '$merge']);

/** The stages a `whenMatched` pipeline may use (MongoDB's list). */
const UPDATE_PIPELINE_STAGES = new Set([
  '$addFields',
  '$set',
  '$project',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
]);

interface Target {
  db: string;
  coll: string;
}

interface MergeSpec {
  into: Target;
  on: string[];
  let: Doc | undefined;
  whenMatched: 'replace' | 'keepExisting' | 'merge' | 'fail' | Doc[];
  whenNotMatched: 'insert' | 'discard' | 'fail';
}

function target(ctx: CommandContext, spec: unknown, stage: string): Target {
  if (typeof spec === 'string') return { db: ctx.db, coll: validateCollectionName(ctx.db, spec) };
  if (isPlainObject(spec)) {
    const db = spec.db === undefined ? ctx.db : validateDbName(spec.db);
    const coll = validateCollectionName(db, spec.coll);
    return { db, coll };
  }
  throw err('FailedToParse', `${stage} requires a collection name or an object with 'db' and 'coll'`);
}

/** Validates an output stage's position (last, and not nested) and spec; throws what MongoDB would. */
export function checkOutputStage(name: string, index: number, length: number, nested: boolean): void {
  if (nested)
    throw err(
      'OutputStageNotLast',
      `${name} is not allowed to be used within a $facet, $lookup or $unionWith stage`,
    );
  if (index !== length - 1)
    throw err('OutputStageNotLast', `${name} can only be the final stage in the pipeline`);
}

function parseMerge(ctx: CommandContext, spec: unknown): MergeSpec {
  if (typeof spec === 'string') {
    return {
      into: target(ctx, spec, '$merge'),
      on: ['_id'],
      let: undefined,
      whenMatched: 'merge',
      whenNotMatched: 'insert',
    };
  }
  if (!isPlainObject(spec)) throw err('TypeMismatch', '$merge requires a string or an object');
  for (const key of Object.keys(spec)) {
    if (!['into', 'on', 'let', 'whenMatched', 'whenNotMatched'].includes(key)) {
      throw err('UnknownField', `BSON field '$merge.${key}' is an unknown field.`);
    }
  }
  const on =
    spec.on === undefined
      ? ['_id']
      : typeof spec.on === 'string'
        ? [spec.on]
        : Array.isArray(spec.on) && spec.on.length > 0 && spec.on.every((f) => typeof f === 'string')
          ? (spec.on as string[])
          : (() => {
              throw err('TypeMismatch', "$merge 'on' must be a string or a non-empty array of strings");
            })();
  const whenMatched = spec.whenMatched ?? 'merge';
  if (Array.isArray(whenMatched)) {
    for (const stage of whenMatched) {
      const stageName = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
      if (!stageName || !UPDATE_PIPELINE_STAGES.has(stageName)) {
        throw err('BadValue', `${stageName ?? 'that stage'} is not allowed to be used within an update`);
      }
    }
  } else if (!['replace', 'keepExisting', 'merge', 'fail'].includes(whenMatched as string)) {
    throw err(
      'BadValue',
      `Enumeration value '${String(whenMatched)}' for field 'whenMatched' is not a valid value.`,
    );
  }
  const whenNotMatched = spec.whenNotMatched ?? 'insert';
  if (!['insert', 'discard', 'fail'].includes(whenNotMatched as string)) {
    throw err(
      'BadValue',
      `Enumeration value '${String(whenNotMatched)}' for field 'whenNotMatched' is not a valid value.`,
    );
  }
  if (spec.let !== undefined && !isPlainObject(spec.let))
    throw err('TypeMismatch', "$merge 'let' must be an object");
  return {
    into: target(ctx, spec.into, '$merge'),
    on,
    let: spec.let as Doc | undefined,
    whenMatched: whenMatched as MergeSpec['whenMatched'],
    whenNotMatched: whenNotMatched as MergeSpec['whenNotMatched'],
  };
}

/** `_id` first, a new ObjectId when the document has none (as a server does on insert). */
function withId(doc: Doc): Doc {
  if ('_id' in doc) return doc;
  return { _id: new ObjectId(), ...doc };
}

/**
 * Runs `write` against `coll`; when it throws, puts every document it touched back as it was, so the
 * collection is unchanged by a failed output stage.
 */
function allOrNothing(coll: Collection, write: (remember: (id: string) => void) => void): void {
  const before = new Map<string, Doc | undefined>();
  const remember = (id: string) => {
    if (!before.has(id)) before.set(id, coll.docs.get(id));
  };
  try {
    write(remember);
  } catch (error) {
    for (const [id, doc] of before) {
      if (doc) coll.replace(id, doc);
      else coll.remove(id);
    }
    throw error;
  }
}

export function runOut(ctx: CommandContext, spec: unknown, docs: Doc[]): void {
  const { db, coll: name } = target(ctx, spec, '$out');
  const coll = ctx.store.ensureCollection(db, name);
  allOrNothing(coll, (remember) => {
    for (const id of [...coll.docs.keys()]) {
      remember(id);
      coll.remove(id);
    }
    for (const raw of docs) {
      const doc = withId(cloneValue(raw));
      const id = keyOf(doc._id);
      remember(id);
      coll.insert(doc);
    }
  });
}

export function runMerge(ctx: CommandContext, spec: unknown, docs: Doc[]): void {
  const merge = parseMerge(ctx, spec);
  const coll = ctx.store.ensureCollection(merge.into.db, merge.into.coll);
  const onId = merge.on.length === 1 && merge.on[0] === '_id';
  if (!onId) {
    const covered = coll.indexSpecs().some((index) => {
      const keys = Object.keys(index.key);
      return (
        index.unique === true && keys.length === merge.on.length && merge.on.every((f) => keys.includes(f))
      );
    });
    if (!covered) {
      throw err('MergeOnFieldsNotUnique', 'Cannot find index to verify that join fields will be unique');
    }
  }
  const keyOfOn = (doc: Doc) => keyOf(merge.on.map((field) => getPath(doc, field) ?? null));
  allOrNothing(coll, (remember) => {
    for (const raw of docs) {
      const doc = cloneValue(raw);
      for (const field of merge.on) {
        if (getPath(doc, field) === undefined && !(field === '_id')) {
          throw err(
            'BadValue',
            `$merge write error: 'on' field '${field}' cannot be missing, null or an array`,
          );
        }
      }
      const wanted = keyOfOn(doc);
      const match = onId
        ? '_id' in doc
          ? coll.docs.get(keyOf(doc._id))
          : undefined
        : [...coll.docs.values()].find((existing) => keyOfOn(existing) === wanted);
      if (!match) {
        if (merge.whenNotMatched === 'discard') continue;
        if (merge.whenNotMatched === 'fail') {
          throw err(
            'MergeStageNoMatchingDocument',
            '$merge could not find a matching document in the target collection for at least one document in the source collection',
          );
        }
        const inserted = withId(doc);
        remember(keyOf(inserted._id));
        coll.insert(inserted);
        continue;
      }
      const id = keyOf(match._id);
      remember(id);
      const w = merge.whenMatched;
      if (w === 'keepExisting') continue;
      if (w === 'fail') {
        throw err(
          'DuplicateKey',
          `$merge failed: a document matched on ${merge.on.join(', ')} and whenMatched is 'fail'`,
          {
            keyPattern: Object.fromEntries(merge.on.map((f) => [f, 1])),
            keyValue: Object.fromEntries(merge.on.map((f) => [f, getPath(doc, f)])),
          },
        );
      }
      let next: Doc;
      if (w === 'replace') next = { ...doc, _id: match._id };
      else if (w === 'merge') next = { ...match, ...doc, _id: match._id };
      else {
        const variables = { ...(merge.let ?? {}), new: doc };
        const [updated] = new Aggregator(w, { ...MINGO_OPTIONS, variables }).run([
          cloneValue(match),
        ]) as Doc[];
        next = { ...(updated ?? match), _id: match._id };
      }
      coll.replace(id, next);
    }
  });
}
