/**
 * The `aggregate` command: stages run by mingo, restricted to those whose mingo
 * semantics match MongoDB's for what the services do. A leading `$match` uses the
 * same index lookup as `find`.
 */
import { parseCollation, type Collation } from '../storage/collation.ts';
import { DEFAULT_FIRST_BATCH } from '../cursors.ts';
import { err } from '../errors.ts';
import { sortDocuments } from '../storage/compare.ts';
import { holdsExactNumber } from '../storage/exact-number.ts';
import { excludesNested, runMingoStages } from '../storage/pipeline-guards.ts';
import {
  checkProjectionKind,
  find,
  MINGO_OPTIONS,
  parseSort,
  refuseExact,
  rewriteFilter,
  validateFilter,
} from '../storage/query.ts';
import { cloneValue, isPlainObject, type Doc } from '../storage/values.ts';
import {
  checkFields,
  checkHint,
  cursorReply,
  letVariables,
  optionalDoc,
  optionalInt,
  type CommandContext,
  type CommandHandler,
} from './context.ts';
import { checkOutputStage, OUTPUT_STAGES, runMerge, runOut } from './aggregate-output.ts';
import { indexList } from './find.ts';
import { validateCollectionName, validateDbName } from '../storage/store.ts';

const SUPPORTED_STAGES = new Set([
  '$match',
  '$group',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$sort',
  '$skip',
  '$limit',
  '$lookup',
  '$unwind',
  '$count',
  '$facet',
  '$replaceRoot',
  '$replaceWith',
  '$sortByCount',
  '$bucket',
  '$sample',
  '$unionWith',
]);

/** Real MongoDB stages this engine refuses (NotImplemented rather than "unrecognized"). */
const KNOWN_UNSUPPORTED = new Set([
  '$bucketAuto',
  '$changeStream',
  '$currentOp',
  '$densify',
  '$fill',
  '$geoNear',
  '$graphLookup',
  '$indexStats',
  '$listLocalSessions',
  '$listSessions',
  '$listSearchIndexes',
  '$planCacheStats',
  '$redact',
  '$search',
  '$searchMeta',
  '$setWindowFields',
  '$vectorSearch',
]);

/**
 * Stages that produce the pipeline's input instead of reading the collection; valid only first, and
 * not inside sub-pipelines here. `$collStats` reports the document count only; `$documents` takes a
 * literal array of documents and needs a database-level aggregate (`aggregate: 1`).
 */
const SOURCE_STAGES = new Set(['$collStats', '$documents']);

function checkSourceStage(name: string, spec: unknown, index: number, nested: boolean): void {
  if (nested)
    throw err('NotImplemented', `${name} inside a sub-pipeline is not supported by the embedded engine`);
  if (index !== 0) throw err('SourceStageNotFirst', `${name} is only valid as the first stage in a pipeline`);
  if (name === '$collStats') {
    if (!isPlainObject(spec))
      throw err('FailedToParse', `$collStats must take a nested object but found: ${String(spec)}`);
    for (const option of Object.keys(spec)) {
      if (option !== 'count')
        throw err(
          'NotImplemented',
          `$collStats '${option}' is not supported by the embedded engine (only 'count')`,
        );
    }
    if (!isPlainObject(spec.count) || Object.keys(spec.count).length)
      throw err('NotImplemented', "$collStats 'count' takes an empty document in the embedded engine");
  } else if (!Array.isArray(spec) || !spec.every(isPlainObject)) {
    throw err(
      'NotImplemented',
      '$documents with anything but a literal array of documents is not supported by the embedded engine',
    );
  }
}

/** The documents a source stage produces; `null` for a pipeline that reads its collection. */
function sourceDocuments(ctx: CommandContext, collName: string | null, first: Doc | undefined): Doc[] | null {
  const name = first ? Object.keys(first)[0]! : '';
  if (collName === null) {
    // aggregate: 1 has no collection to read: it must start with a stage that makes its own input.
    if (name !== '$documents')
      throw err(
        'InvalidNamespace',
        `{aggregate: 1} is not valid for '${name || 'an empty pipeline'}'; a collection is required.`,
      );
    return (first!.$documents as Doc[]).map(cloneValue);
  }
  if (name === '$documents')
    throw err('InvalidNamespace', '$documents is only valid in a database-level aggregate (aggregate: 1)');
  if (name !== '$collStats') return null;
  const coll = ctx.store.getCollection(ctx.db, collName);
  if (!coll)
    throw err(
      'NamespaceNotFound',
      `Unable to retrieve count in $collStats stage :: caused by :: Collection [${ctx.db}.${collName}] not found.`,
    );
  return [
    {
      ns: `${ctx.db}.${collName}`,
      host: `${ctx.server.host}:${ctx.server.port}`,
      localTime: new Date(),
      count: coll.docs.size,
    },
  ];
}

/** Stages that never modify the documents they receive (so stored documents need no copy). */
const NON_MUTATING = new Set([
  '$match',
  '$group',
  '$count',
  '$sort',
  '$skip',
  '$limit',
  '$sortByCount',
  '$project',
]);

/** Validates the pipeline (recursively); returns whether inputs must be copied first. */
export function validatePipeline(pipeline: unknown, where = 'pipeline', nested = false): boolean {
  if (!Array.isArray(pipeline)) throw err('TypeMismatch', `'${where}' option must be specified as an array`);
  let mutates = false;
  for (const [index, stage] of pipeline.entries()) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw err('FailedToParse', 'A pipeline stage specification object must contain exactly one field.');
    }
    const name = Object.keys(stage)[0]!;
    const spec = stage[name];
    if (OUTPUT_STAGES.has(name)) {
      checkOutputStage(name, index, pipeline.length, nested);
      continue;
    }
    if (SOURCE_STAGES.has(name)) {
      checkSourceStage(name, spec, index, nested);
      continue;
    }
    if (!SUPPORTED_STAGES.has(name)) {
      if (KNOWN_UNSUPPORTED.has(name))
        throw err('NotImplemented', `the ${name} stage is not supported by the embedded engine`);
      throw err('UnrecognizedPipelineStage', `Unrecognized pipeline stage name: '${name}'`);
    }
    if (!NON_MUTATING.has(name) || (name === '$project' && isPlainObject(spec) && excludesNested(spec)))
      mutates = true;
    if (name === '$match') validateFilter(spec, '$match');
    if (name === '$project' && isPlainObject(spec))
      checkProjectionKind(spec, 'Invalid $project :: caused by :: ');
    if (name === '$facet' && isPlainObject(spec)) {
      for (const [k, sub] of Object.entries(spec)) validatePipeline(sub, `$facet.${k}`, true);
    }
    if ((name === '$lookup' || name === '$unionWith') && isPlainObject(spec)) {
      if (spec.pipeline !== undefined) validatePipeline(spec.pipeline, `${name}.pipeline`, true);
      if (name === '$lookup' && typeof spec.as === 'string' && spec.as.includes('.')) {
        throw err(
          'NotImplemented',
          `$lookup with a dotted 'as' path is not supported by the embedded engine`,
        );
      }
    }
  }
  return mutates;
}

/**
 * Rewrites stages whose mingo behaviour differs from MongoDB's: mingo's `$count`
 * emits `{n: 0}` for no input where MongoDB emits nothing, so it becomes the
 * `$group` + `$project` MongoDB documents as its equivalent.
 */
export function rewritePipeline(pipeline: Doc[], collation?: Collation | null): Doc[] {
  return pipeline.flatMap((stage): Doc[] => {
    const name = Object.keys(stage)[0]!;
    const spec = stage[name];
    if (name === '$count') {
      if (typeof spec !== 'string' || !spec || spec.startsWith('$') || spec.includes('.')) {
        throw err(
          'BadValue',
          'the count field must be a non-empty string, must not start with $ and must not contain .',
        );
      }
      return [{ $group: { _id: null, [spec]: { $sum: 1 } } }, { $project: { _id: 0 } }];
    }
    if (name === '$match') return [{ $match: rewriteFilter(spec, collation) }];
    if (name === '$facet' && isPlainObject(spec)) {
      return [
        {
          $facet: Object.fromEntries(
            Object.entries(spec).map(([k, sub]) => [k, rewritePipeline(sub as Doc[])]),
          ),
        },
      ];
    }
    if (
      (name === '$lookup' || name === '$unionWith') &&
      isPlainObject(spec) &&
      Array.isArray(spec.pipeline)
    ) {
      return [{ [name]: { ...spec, pipeline: rewritePipeline(spec.pipeline as Doc[]) } }];
    }
    return [stage];
  });
}

/**
 * The stages that stay exact under a collation: filtering and ordering strings by it, and stages that do
 * not compare strings. Any other stage (grouping, lookups, expressions) would compare them binary.
 */
const COLLATION_SAFE_STAGES = new Set(['$match', '$sort', '$skip', '$limit', '$count', '$out', '$merge']);

/** A `$project` that only keeps or drops fields (`$unset` too): it computes nothing. */
function isPlainProjection(name: string, spec: unknown): boolean {
  return (
    (name === '$project' &&
      isPlainObject(spec) &&
      Object.values(spec).every((v) => typeof v === 'boolean' || v === 0 || v === 1)) ||
    name === '$unset'
  );
}

/** `countDocuments` sends `{ $group: { _id: 1, n: { $sum: 1 } } }`: a count compares and adds no values. */
function isPlainCount(name: string, spec: unknown): boolean {
  return (
    name === '$group' &&
    isPlainObject(spec) &&
    (spec._id === null || typeof spec._id === 'number') &&
    Object.entries(spec).every(
      ([k, v]) =>
        k === '_id' || (isPlainObject(v) && Object.keys(v).length === 1 && typeof v.$sum === 'number'),
    )
  );
}

function checkCollatedPipeline(pipeline: Doc[]): void {
  for (const stage of pipeline) {
    const name = Object.keys(stage)[0]!;
    const spec = stage[name];
    if (!COLLATION_SAFE_STAGES.has(name) && !isPlainProjection(name, spec) && !isPlainCount(name, spec))
      throw err(
        'NotImplemented',
        `the ${name} stage with a collation is not supported by the embedded engine`,
      );
  }
}

/**
 * Stages mingo runs without comparing or computing values (`$match` is rewritten to compare numbers exactly).
 * Any other stage would treat a Decimal128 or an Int64 beyond ±2^53 as an object, so it is refused over them.
 */
const VALUE_FREE_STAGES = new Set(['$match', '$skip', '$limit', '$sample', '$unwind']);

/** The first stage of a mingo segment that would compute with values, or undefined. */
function valueStage(segment: Doc[]): string | undefined {
  for (const stage of segment) {
    const name = Object.keys(stage)[0]!;
    const spec = stage[name];
    if (!VALUE_FREE_STAGES.has(name) && !isPlainProjection(name, spec) && !isPlainCount(name, spec))
      return name;
  }
  return undefined;
}

export function runPipeline(
  ctx: CommandContext,
  collName: string | null,
  rawPipeline: Doc[],
  variables?: Doc,
  collation?: Collation | null,
): Doc[] {
  const mutates = validatePipeline(rawPipeline);
  if (collation) checkCollatedPipeline(rawPipeline);
  // An output stage ($out, $merge; validated as the last) writes what the stages before it produce.
  const last = rawPipeline[rawPipeline.length - 1];
  const output = last && OUTPUT_STAGES.has(Object.keys(last)[0]!) ? last : undefined;
  if (output) {
    const docs = runStages(ctx, collName, rawPipeline.slice(0, -1), mutates, variables, collation);
    if ('$out' in output) runOut(ctx, output.$out, docs);
    else runMerge(ctx, output.$merge, docs);
    return [];
  }
  return runStages(ctx, collName, rawPipeline, mutates, variables, collation);
}

function runStages(
  ctx: CommandContext,
  collName: string | null,
  rawPipeline: Doc[],
  mutates: boolean,
  variables?: Doc,
  collation?: Collation | null,
): Doc[] {
  const pipeline = rewritePipeline(rawPipeline, collation);
  const coll = collName === null ? undefined : ctx.store.getCollection(ctx.db, collName);
  let stages = pipeline;
  let input: Doc[];
  const first = pipeline[0];
  const produced = sourceDocuments(ctx, collName, first);
  if (produced) {
    input = produced;
    stages = pipeline.slice(1);
  } else if (first && '$match' in first) {
    // The raw filter: find rewrites it itself (under the collation when there is one).
    input = find(coll, rawPipeline[0]!.$match as Doc, { collation }, variables);
    stages = pipeline.slice(1);
  } else input = coll ? [...coll.docs.values()] : [];
  if (mutates) input = input.map(cloneValue);
  if (!stages.length) return input;
  const resolver = (name: string): Doc[] => {
    validateCollectionName(ctx.db, name);
    const other = ctx.store.getCollection(ctx.db, name);
    const docs = other ? [...other.docs.values()] : [];
    // $lookup joins and sub-pipelines compare in mingo.
    if (docs.some(holdsExactNumber)) refuseExact('$lookup or $unionWith');
    return docs.map(cloneValue);
  };
  const options = { ...MINGO_OPTIONS, collectionResolver: resolver, ...(variables ? { variables } : {}) };
  // Top-level $sort stages use MongoDB's order (see compare.ts); the stages between run in mingo.
  let docs = input;
  let segment: Doc[] = [];
  const flush = (): void => {
    if (!segment.length) return;
    const computing = valueStage(segment);
    if (computing && docs.some(holdsExactNumber)) refuseExact(`the ${computing} stage`);
    docs = runMingoStages(segment, options, docs);
    segment = [];
  };
  for (const stage of stages) {
    if ('$sort' in stage) {
      flush();
      const { spec } = parseSort(stage.$sort);
      if (!spec) throw err('BadValue', '$sort stage must have at least one sort key');
      docs = sortDocuments(docs, spec, collation?.compare);
    } else segment.push(stage);
  }
  flush();
  return docs;
}

export const aggregateCommands: Record<string, CommandHandler> = {
  aggregate(cmd, ctx) {
    checkFields(cmd, [
      'pipeline',
      'cursor',
      'explain',
      'allowDiskUse',
      'collation',
      'hint',
      'let',
      'bypassDocumentValidation',
    ]);
    if (cmd.explain) throw err('NotImplemented', 'explain is not supported by the embedded engine');
    const collation = parseCollation(cmd.collation);
    validateDbName(ctx.db);
    // aggregate: 1 is a database-level aggregate (its pipeline starts with $documents).
    const dbLevel = cmd.aggregate === 1;
    if (!dbLevel && typeof cmd.aggregate !== 'string') {
      throw err(
        'TypeMismatch',
        `Invalid {aggregate: ...} value: must be a string or the number 1, not ${JSON.stringify(cmd.aggregate)}`,
      );
    }
    const name = dbLevel ? null : validateCollectionName(ctx.db, cmd.aggregate as string);
    const cursor = optionalDoc(cmd, 'cursor');
    if (!cursor)
      throw err(
        'FailedToParse',
        "The 'cursor' option is required, except for aggregate with the explain argument",
      );
    if (name !== null) checkHint(cmd.hint, indexList(ctx.store.getCollection(ctx.db, name)));
    const docs = runPipeline(ctx, name, cmd.pipeline as Doc[], letVariables(cmd), collation);
    const ns = `${ctx.db}.${name ?? '$cmd.aggregate'}`;
    const r = ctx.cursors.open(ns, docs, optionalInt(cursor, 'batchSize', { min: 0 }) ?? DEFAULT_FIRST_BATCH);
    return cursorReply(r.id, ns, r.batch, true);
  },
};
