/** Index commands: createIndexes, listIndexes, dropIndexes. */
import { DEFAULT_FIRST_BATCH } from '../cursors.ts';
import { err } from '../errors.ts';
import { validateIndexSpec, type IndexSpec } from '../storage/indexes.ts';
import { ID_INDEX_NAME } from '../storage/store.ts';
import { isPlainObject, keyOf, type Doc } from '../storage/values.ts';
import {
  checkFields,
  collectionName,
  cursorReply,
  optionalDoc,
  optionalInt,
  type CommandHandler,
} from './context.ts';
import { checkWriteConcern } from './write-concern.ts';

export const indexCommands: Record<string, CommandHandler> = {
  createIndexes(cmd, ctx) {
    checkFields(cmd, ['indexes', 'commitQuorum']);
    checkWriteConcern(cmd);
    const name = collectionName(cmd, ctx);
    if (!Array.isArray(cmd.indexes) || cmd.indexes.length === 0) {
      throw err('BadValue', 'Must specify at least one index to create');
    }
    const ns = `${ctx.db}.${name}`;
    const specs: IndexSpec[] = cmd.indexes.map((raw) => validateIndexSpec(raw, ns));
    const existed = ctx.store.getCollection(ctx.db, name);
    const coll = existed ?? ctx.store.ensureCollection(ctx.db, name);
    const before = coll.indexSpecs().length;
    let created = 0;
    for (const spec of specs) if (coll.createIndex(spec)) created++;
    const reply: Doc = {
      numIndexesBefore: before,
      numIndexesAfter: coll.indexSpecs().length,
      createdCollectionAutomatically: !existed,
    };
    if (created === 0) reply.note = 'all indexes already exist';
    reply.ok = 1;
    return reply;
  },

  listIndexes(cmd, ctx) {
    checkFields(cmd, ['cursor']);
    const name = collectionName(cmd, ctx);
    const coll = ctx.store.getCollection(ctx.db, name);
    const ns = `${ctx.db}.${name}`;
    if (!coll) throw err('NamespaceNotFound', `ns does not exist: ${ns}`);
    const cursor = optionalDoc(cmd, 'cursor') ?? {};
    const r = ctx.cursors.open(
      ns,
      coll.indexSpecs() as Doc[],
      optionalInt(cursor, 'batchSize', { min: 0 }) ?? DEFAULT_FIRST_BATCH,
    );
    return cursorReply(r.id, ns, r.batch, true);
  },

  dropIndexes(cmd, ctx) {
    checkFields(cmd, ['index']);
    checkWriteConcern(cmd);
    const name = collectionName(cmd, ctx);
    const coll = ctx.store.getCollection(ctx.db, name);
    if (!coll) throw err('NamespaceNotFound', `ns not found ${ctx.db}.${name}`);
    const nIndexesWas = coll.indexSpecs().length;
    const which = cmd.index;
    let names: string[];
    if (which === '*') names = coll.indexes.map((i) => i.name);
    else if (typeof which === 'string') names = [which];
    else if (Array.isArray(which)) names = which.map(String);
    else if (isPlainObject(which)) {
      if (keyOf(which) === keyOf({ _id: 1 })) names = [ID_INDEX_NAME];
      else {
        const found = coll.indexes.find((i) => keyOf(i.spec.key) === keyOf(which));
        if (!found) throw err('IndexNotFound', `can't find index with key: ${JSON.stringify(which)}`);
        names = [found.name];
      }
    } else throw err('TypeMismatch', "BSON field 'dropIndexes.index' is the wrong type");
    for (const n of names) {
      if (n === ID_INDEX_NAME) throw err('InvalidOptions', 'cannot drop _id index');
      if (!coll.findIndex(n)) throw err('IndexNotFound', `index not found with name [${n}]`);
    }
    for (const n of names) coll.dropIndex(n);
    return { nIndexesWas, ok: 1 };
  },
};
indexCommands.deleteIndexes = indexCommands.dropIndexes!;
