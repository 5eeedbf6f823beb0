/** Collection and database commands: create, drop, listCollections, dropDatabase, listDatabases. */
import { calculateObjectSize } from 'bson';
import { DEFAULT_FIRST_BATCH } from '../cursors.ts';
import { err } from '../errors.ts';
import { mingoQuery } from '../storage/query.ts';
import { validateDbName } from '../storage/store.ts';
import type { Doc } from '../storage/values.ts';
import {
  checkCollation,
  checkFields,
  collectionName,
  cursorReply,
  optionalBool,
  optionalDoc,
  optionalInt,
  refuseTrue,
  type CommandHandler,
} from './context.ts';
import { checkWriteConcern } from './write-concern.ts';

export const namespaceCommands: Record<string, CommandHandler> = {
  create(cmd, ctx) {
    checkFields(cmd, [
      'capped',
      'size',
      'max',
      'timeseries',
      'expireAfterSeconds',
      'validator',
      'validationLevel',
      'validationAction',
      'viewOn',
      'pipeline',
      'collation',
      'clusteredIndex',
      'changeStreamPreAndPostImages',
      'storageEngine',
      'indexOptionDefaults',
    ]);
    checkWriteConcern(cmd);
    refuseTrue(cmd, [
      'capped',
      'timeseries',
      'expireAfterSeconds',
      'validator',
      'viewOn',
      'pipeline',
      'clusteredIndex',
    ]);
    checkCollation(cmd.collation);
    const name = collectionName(cmd, ctx);
    // MongoDB 7 answers ok to re-creating an existing collection with the same (default) options.
    if (!ctx.store.getCollection(ctx.db, name)) ctx.store.createCollection(ctx.db, name, {});
    return { ok: 1 };
  },

  drop(cmd, ctx) {
    checkFields(cmd, []);
    checkWriteConcern(cmd);
    const name = collectionName(cmd, ctx);
    const coll = ctx.store.getCollection(ctx.db, name);
    const nIndexesWas = coll?.indexSpecs().length ?? 0;
    ctx.store.dropCollection(ctx.db, name);
    // Since MongoDB 7.0, dropping a missing collection succeeds.
    return { nIndexesWas, ns: `${ctx.db}.${name}`, ok: 1 };
  },

  dropDatabase(cmd, ctx) {
    checkFields(cmd, []);
    checkWriteConcern(cmd);
    validateDbName(ctx.db);
    ctx.store.dropDatabase(ctx.db);
    return { ok: 1 };
  },

  listCollections(cmd, ctx) {
    checkFields(cmd, ['filter', 'nameOnly', 'authorizedCollections', 'cursor']);
    validateDbName(ctx.db);
    const nameOnly = optionalBool(cmd, 'nameOnly') ?? false;
    const filter = optionalDoc(cmd, 'filter');
    const colls = [...(ctx.store.dbs.get(ctx.db)?.values() ?? [])];
    let entries: Doc[] = colls.map((c) =>
      nameOnly
        ? { name: c.name, type: 'collection' }
        : {
            name: c.name,
            type: 'collection',
            options: c.options,
            info: { readOnly: false, uuid: c.uuid },
            idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
          },
    );
    if (filter && Object.keys(filter).length) {
      const q = mingoQuery(filter);
      entries = entries.filter((e) => q.test(e));
    }
    const cursor = optionalDoc(cmd, 'cursor') ?? {};
    const ns = `${ctx.db}.$cmd.listCollections`;
    const r = ctx.cursors.open(
      ns,
      entries,
      optionalInt(cursor, 'batchSize', { min: 0 }) ?? DEFAULT_FIRST_BATCH,
    );
    return cursorReply(r.id, ns, r.batch, true);
  },

  listDatabases(cmd, ctx) {
    checkFields(cmd, ['filter', 'nameOnly', 'authorizedDatabases']);
    if (ctx.db !== 'admin')
      throw err('Unauthorized', 'listDatabases may only be run against the admin database.');
    const nameOnly = optionalBool(cmd, 'nameOnly') ?? false;
    const filter = optionalDoc(cmd, 'filter');
    let databases: Doc[] = [...ctx.store.dbs.entries()].map(([name, colls]) => {
      if (nameOnly) return { name };
      let size = 0;
      for (const c of colls.values()) for (const d of c.docs.values()) size += calculateObjectSize(d);
      return { name, sizeOnDisk: size, empty: size === 0 };
    });
    if (filter && Object.keys(filter).length) {
      const q = mingoQuery(filter);
      databases = databases.filter((d) => q.test(d));
    }
    const totalSize = databases.reduce((n, d) => n + ((d.sizeOnDisk as number) ?? 0), 0);
    return nameOnly
      ? { databases, ok: 1 }
      : { databases, totalSize, totalSizeMb: Math.floor(totalSize / 1048576), ok: 1 };
  },
};
