/**
 * The in-memory data model (databases → collections → documents by `_id` key,
 * plus secondary indexes) and its journal. Every mutation goes through
 * `Collection`/`Store` methods that validate, journal, then apply — so what is
 * acknowledged is what is replayed after a restart.
 */
import type { Binary } from 'bson';
import { calculateObjectSize, UUID, type Document } from 'bson';
import type { MongoError } from '../errors.ts';
import { err } from '../errors.ts';
import { Journal } from './journal.ts';
import { Index, sameIndex, type DuplicateInfo, type IndexSpec } from './indexes.ts';
import {
  keyOf,
  MAX_NESTING_DEPTH,
  nestedDeeperThan,
  renderObject,
  valuesAtPath,
  type Doc,
} from './values.ts';
import { MAX_BSON_OBJECT_SIZE } from '../wire/codec.ts';

export const ID_INDEX_NAME = '_id_';

export function duplicateKeyError(ns: string, indexName: string, info: DuplicateInfo): MongoError {
  return err(
    'DuplicateKey',
    `E11000 duplicate key error collection: ${ns} index: ${indexName} dup key: ${renderObject(info.keyValue)}`,
    { keyPattern: info.keyPattern, keyValue: info.keyValue },
  );
}

export class Collection {
  readonly store: Store;
  readonly db: string;
  readonly name: string;
  /** keyOf(_id) → document, in insertion order (the natural order). */
  readonly docs = new Map<string, Doc>();
  /** Secondary indexes; `_id_` is `docs` itself. */
  readonly indexes: Index[] = [];
  readonly options: Doc;
  readonly uuid: Binary;

  constructor(store: Store, db: string, name: string, options: Doc, uuid: Binary) {
    this.store = store;
    this.db = db;
    this.name = name;
    this.options = options;
    this.uuid = uuid;
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  indexSpecs(): IndexSpec[] {
    return [{ v: 2, key: { _id: 1 }, name: ID_INDEX_NAME }, ...this.indexes.map((i) => i.spec)];
  }

  #checkSize(doc: Doc): void {
    if (nestedDeeperThan(doc, MAX_NESTING_DEPTH)) {
      throw err('Overflow', `Document exceeds maximum nesting depth of ${MAX_NESTING_DEPTH}`);
    }
    const size = calculateObjectSize(doc);
    if (size > MAX_BSON_OBJECT_SIZE) {
      throw err(
        'BSONObjectTooLarge',
        `object to insert too large. size in bytes: ${size}, max size: ${MAX_BSON_OBJECT_SIZE}`,
      );
    }
  }

  #checkUnique(doc: Doc, id: string, isNew: boolean): void {
    if (isNew && this.docs.has(id)) {
      throw duplicateKeyError(this.ns, ID_INDEX_NAME, { keyPattern: { _id: 1 }, keyValue: { _id: doc._id } });
    }
    for (const index of this.indexes) {
      const conflict = index.findConflict(doc, id);
      if (conflict) throw duplicateKeyError(this.ns, index.name, conflict);
    }
  }

  /** Inserts a document that already has its `_id`. */
  insert(doc: Doc): void {
    const id = keyOf(doc._id);
    this.#checkSize(doc);
    this.#checkUnique(doc, id, true);
    this.store.log({ op: 'put', db: this.db, c: this.name, doc });
    this.applyPut(id, doc);
  }

  /** Replaces the document stored under `id` (same `_id`) with `next`. */
  replace(id: string, next: Doc): void {
    this.#checkSize(next);
    this.#checkUnique(next, id, false);
    this.store.log({ op: 'put', db: this.db, c: this.name, doc: next });
    this.applyPut(id, next);
  }

  remove(id: string): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    this.store.log({ op: 'del', db: this.db, c: this.name, id: doc._id });
    this.applyDelete(id);
  }

  applyPut(id: string, doc: Doc): void {
    const old = this.docs.get(id);
    this.docs.set(id, doc);
    for (const index of this.indexes) {
      if (old) index.replace(id, old, doc);
      else index.add(id, doc);
    }
  }

  applyDelete(id: string): void {
    const old = this.docs.get(id);
    if (!old) return;
    for (const index of this.indexes) index.remove(id, old);
    this.docs.delete(id);
  }

  /**
   * Deletes documents whose TTL-indexed date (the earliest, for an array) plus
   * `expireAfterSeconds` is past, like mongod's TTL monitor. Returns how many.
   */
  expire(now: number): number {
    let removed = 0;
    for (const index of this.indexes) {
      const ttl = index.spec.expireAfterSeconds;
      if (ttl === undefined) continue;
      const path = index.fields[0]!.split('.');
      const expired: string[] = [];
      for (const [id, doc] of this.docs) {
        let earliest = Infinity;
        for (const v of valuesAtPath(doc, path)) {
          for (const x of Array.isArray(v) ? v : [v])
            if (x instanceof Date) earliest = Math.min(earliest, x.getTime());
        }
        if (earliest + ttl * 1000 <= now) expired.push(id);
      }
      for (const id of expired) this.remove(id);
      removed += expired.length;
    }
    return removed;
  }

  findIndex(name: string): Index | undefined {
    return this.indexes.find((i) => i.name === name);
  }

  /** Creates the index; false when an identical one exists. Throws on conflicts and duplicates. */
  createIndex(spec: IndexSpec): boolean {
    if (spec.name === ID_INDEX_NAME || (Object.keys(spec.key).length === 1 && spec.key._id !== undefined)) {
      if (spec.unique === false || spec.sparse || spec.partialFilterExpression) {
        throw err('InvalidOptions', `The _id index cannot be sparse, partial or non-unique`);
      }
      if (spec.name === ID_INDEX_NAME || spec.key._id === 1) return false;
    }
    const byName = this.findIndex(spec.name);
    if (byName) {
      if (sameIndex(byName.spec, spec)) return false;
      if (keyOf(byName.spec.key) !== keyOf(spec.key)) {
        throw err(
          'IndexKeySpecsConflict',
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${renderObject(spec)}, existing index: ${renderObject(byName.spec)}`,
        );
      }
      throw err(
        'IndexOptionsConflict',
        `An equivalent index already exists with the same name but different options. Requested index: ${renderObject(spec)}, existing index: ${renderObject(byName.spec)}`,
      );
    }
    const byKey = this.indexes.find((i) => keyOf(i.spec.key) === keyOf(spec.key));
    if (byKey) {
      if (sameIndex(byKey.spec, spec)) {
        throw err('IndexOptionsConflict', `Index already exists with a different name: ${byKey.name}`);
      }
      throw err(
        'IndexOptionsConflict',
        `An existing index has the same key pattern but different options. Requested index: ${renderObject(spec)}, existing index: ${renderObject(byKey.spec)}`,
      );
    }
    const index = new Index(spec);
    for (const [id, doc] of this.docs) {
      const conflict = index.findConflict(doc, id);
      if (conflict) throw duplicateKeyError(this.ns, index.name, conflict);
      index.add(id, doc);
    }
    this.store.log({ op: 'ci', db: this.db, c: this.name, spec });
    this.indexes.push(index);
    return true;
  }

  applyCreateIndex(spec: IndexSpec): void {
    const index = new Index(spec);
    for (const [id, doc] of this.docs) index.add(id, doc);
    this.indexes.push(index);
  }

  dropIndex(name: string): void {
    const i = this.indexes.findIndex((x) => x.name === name);
    if (i < 0) return;
    this.store.log({ op: 'di', db: this.db, c: this.name, name });
    this.indexes.splice(i, 1);
  }
}

const INVALID_DB_CHARS = /[/\\. "$*<>:|?\0]/;

export function validateDbName(db: unknown): string {
  if (typeof db !== 'string' || db.length === 0 || db.length >= 64 || INVALID_DB_CHARS.test(db)) {
    throw err('InvalidNamespace', `Invalid database name: '${String(db)}'`);
  }
  return db;
}

export function validateCollectionName(db: string, name: unknown): string {
  if (typeof name !== 'string' || name.length === 0) {
    throw err('InvalidNamespace', `Invalid namespace specified '${db}.${String(name)}'`);
  }
  if (name.includes('$') || name.includes('\0') || name.startsWith('.') || name.startsWith('system.')) {
    throw err('InvalidNamespace', `Invalid collection name: ${name}`);
  }
  return name;
}

/** Journal size that triggers an online compaction: at least this, and twice the last snapshot. */
const MIN_COMPACT_BYTES = 64 * 1024 * 1024;

export class Store {
  readonly dbs = new Map<string, Map<string, Collection>>();
  #journal: Journal | null = null;
  #dbPath: string | undefined;
  #compactAt = MIN_COMPACT_BYTES;
  #compactScheduled = false;
  #replaying = false;

  /** Opens a store: memory-only without `dbPath`, else replays and compacts the journal. */
  static open(dbPath?: string): { store: Store; droppedBytes: number } {
    const store = new Store();
    if (!dbPath) return { store, droppedBytes: 0 };
    const { records, droppedBytes } = Journal.replay(dbPath);
    store.#replaying = true;
    try {
      for (const r of records) store.#applyRecord(r);
    } finally {
      store.#replaying = false;
    }
    store.#dbPath = dbPath;
    store.#compact();
    return { store, droppedBytes };
  }

  log(record: Document): void {
    if (this.#replaying || !this.#journal) return;
    this.#journal.append(record);
    if (this.#journal.size > this.#compactAt && !this.#compactScheduled) {
      this.#compactScheduled = true;
      setImmediate(() => {
        this.#compactScheduled = false;
        if (this.#journal) this.#compact();
      });
    }
  }

  /**
   * Rewrites the journal as a snapshot of the live state. Runs synchronously, so
   * no write can interleave; the old file is replaced only once the new one is durable.
   */
  #compact(): void {
    this.#journal?.close();
    this.#journal = Journal.compact(this.#dbPath!, this.#snapshot());
    this.#compactAt = Math.max(MIN_COMPACT_BYTES, 2 * this.#journal.size);
  }

  /** Runs the TTL expiry over every collection; returns the number of documents deleted. */
  expire(now = Date.now()): number {
    let removed = 0;
    for (const colls of this.dbs.values())
      for (const coll of [...colls.values()]) removed += coll.expire(now);
    return removed;
  }

  /** Compacts the journal now (no-op in memory-only mode). */
  compact(): void {
    if (this.#journal) this.#compact();
  }

  get journalSize(): number {
    return this.#journal?.size ?? 0;
  }

  close(): void {
    this.#journal?.close();
    this.#journal = null;
  }

  getCollection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  /** The collection, created implicitly (as MongoDB does on first write) when missing. */
  ensureCollection(db: string, name: string): Collection {
    return this.getCollection(db, name) ?? this.createCollection(db, name, {});
  }

  createCollection(db: string, name: string, options: Doc): Collection {
    validateDbName(db);
    validateCollectionName(db, name);
    if (this.getCollection(db, name))
      throw err('NamespaceExists', `Collection ${db}.${name} already exists.`);
    const uuid = new UUID().toBinary();
    this.log({ op: 'cc', db, c: name, options, uuid });
    return this.#applyCreateCollection(db, name, options, uuid);
  }

  #applyCreateCollection(db: string, name: string, options: Doc, uuid: Binary): Collection {
    let colls = this.dbs.get(db);
    if (!colls) this.dbs.set(db, (colls = new Map()));
    const coll = new Collection(this, db, name, options, uuid);
    colls.set(name, coll);
    return coll;
  }

  dropCollection(db: string, name: string): boolean {
    if (!this.getCollection(db, name)) return false;
    this.log({ op: 'dc', db, c: name });
    this.#applyDropCollection(db, name);
    return true;
  }

  #applyDropCollection(db: string, name: string): void {
    const colls = this.dbs.get(db);
    colls?.delete(name);
    if (colls && colls.size === 0) this.dbs.delete(db);
  }

  dropDatabase(db: string): boolean {
    if (!this.dbs.has(db)) return false;
    this.log({ op: 'dd', db });
    this.dbs.delete(db);
    return true;
  }

  #applyRecord(r: Document): void {
    const db = r.db as string;
    const c = r.c as string;
    const coll = (): Collection =>
      this.getCollection(db, c) ?? this.#applyCreateCollection(db, c, {}, new UUID().toBinary());
    switch (r.op) {
      case 'cc':
        if (!this.getCollection(db, c))
          this.#applyCreateCollection(db, c, r.options as Doc, r.uuid as Binary);
        break;
      case 'dc':
        this.#applyDropCollection(db, c);
        break;
      case 'dd':
        this.dbs.delete(db);
        break;
      case 'ci':
        coll().applyCreateIndex(r.spec as IndexSpec);
        break;
      case 'di': {
        const col = this.getCollection(db, c);
        const i = col?.indexes.findIndex((x) => x.name === r.name) ?? -1;
        if (col && i >= 0) col.indexes.splice(i, 1);
        break;
      }
      case 'put': {
        const doc = r.doc as Doc;
        coll().applyPut(keyOf(doc._id), doc);
        break;
      }
      case 'del':
        this.getCollection(db, c)?.applyDelete(keyOf(r.id));
        break;
      default:
        throw new Error(`journal: unknown record op ${String(r.op)}`);
    }
  }

  /** Records that rebuild the current state: collections, then documents, then indexes. */
  *#snapshot(): Generator<Document> {
    for (const [db, colls] of this.dbs) {
      for (const coll of colls.values()) {
        yield { op: 'cc', db, c: coll.name, options: coll.options, uuid: coll.uuid };
        for (const doc of coll.docs.values()) yield { op: 'put', db, c: coll.name, doc };
        for (const index of coll.indexes) yield { op: 'ci', db, c: coll.name, spec: index.spec };
      }
    }
  }
}
