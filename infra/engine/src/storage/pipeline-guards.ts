/**
 * Where mingo's `$set` / `$addFields` (and `$project`) would answer differently from MongoDB, the engine refuses
 * by name or copies first:
 *
 * - a dotted path that meets an array (`{ 'tasks.seen': true }`): MongoDB sets the field in every element of
 *   the array, mingo leaves the array as it was;
 * - a nested field specification (`{ a: { b: 1 } }`): MongoDB reads it as `a.b` and keeps `a`'s other fields,
 *   mingo replaces `a` (an expression, `{ $literal: { b: 1 } }` or `{ $mergeObjects: [...] }`, is not refused);
 * - an exclusion below the top level (`{ 'a.b': 0 }`, `{ a: { b: 0 } }`) deletes the field from the document
 *   mingo was given: a stored document unless it is copied first.
 */
import { Aggregator } from 'mingo/aggregator';
import type { Options } from 'mingo/types';
import { err } from '../errors.ts';
import { isOperatorObject, isPlainObject, valuesAtPath, type Doc } from './values.ts';

const SET_STAGES = new Set(['$set', '$addFields']);

/** Whether a projection excludes a field below the top level, which mingo deletes from its input. */
export function excludesNested(projection: Doc, nested = false): boolean {
  for (const [key, v] of Object.entries(projection)) {
    if ((nested || key.includes('.')) && (v === 0 || v === false)) return true;
    if (isPlainObject(v) && !isOperatorObject(v) && excludesNested(v, true)) return true;
  }
  return false;
}

/** The dotted keys of a `$set` / `$addFields` stage (none for other stages); refuses nested specifications. */
function dottedSetKeys(stage: Doc): string[] {
  const name = Object.keys(stage)[0]!;
  const spec = stage[name];
  if (!SET_STAGES.has(name) || !isPlainObject(spec)) return [];
  for (const [key, v] of Object.entries(spec)) {
    if (isPlainObject(v) && Object.keys(v).length > 0 && !isOperatorObject(v))
      throw err(
        'NotImplemented',
        `${name} of a nested field specification ('${key}': { ... }) is not supported by the embedded engine; use dotted paths or $literal`,
      );
  }
  return Object.keys(spec).filter((key) => key.includes('.'));
}

function refuseArrayPaths(name: string, keys: string[], docs: Doc[]): void {
  for (const key of keys) {
    const parts = key.split('.');
    for (let end = 1; end < parts.length; end++) {
      const prefix = parts.slice(0, end);
      if (docs.some((doc) => valuesAtPath(doc, prefix).some(Array.isArray)))
        throw err(
          'NotImplemented',
          `${name} of '${key}' through an array is not supported by the embedded engine`,
        );
    }
  }
}

/**
 * Runs stages in mingo, checking the documents that reach each `$set` / `$addFields` with dotted paths first
 * (the pipeline is cut there, so each such stage sees its real input).
 */
export function runMingoStages(stages: Doc[], options: Partial<Options>, input: Doc[]): Doc[] {
  let docs = input;
  let segment: Doc[] = [];
  const flush = () => {
    if (segment.length) docs = new Aggregator(segment, options).run(docs) as Doc[];
    segment = [];
  };
  for (const stage of stages) {
    const dotted = dottedSetKeys(stage);
    if (dotted.length) {
      flush();
      refuseArrayPaths(Object.keys(stage)[0]!, dotted, docs);
    }
    segment.push(stage);
  }
  flush();
  return docs;
}
