/**
 * Conformance: the same expectations against the embedded engine and, when
 * MONGO_URL is set, against real MongoDB — through the raw driver and mongoose.
 */
import { randomBytes } from 'node:crypto';
import {
  Decimal128,
  Long,
  MongoClient,
  MongoServerError,
  ObjectId,
  type Db,
  type Document,
  type UpdateFilter,
} from 'mongodb';
import mongoose from 'mongoose';
import { startEmbeddedMongo } from '../src/index.ts';

interface Target {
  url: string;
  stop(): Promise<void>;
}

type Starter = () => Promise<Target>;

const targets: [string, Starter][] = [['embedded engine', () => startEmbeddedMongo()]];
const realUrl = process.env.MONGO_URL;
if (realUrl) targets.push(['real MongoDB (MONGO_URL)', async () => ({ url: realUrl, stop: async () => {} })]);

/** A document keyed by a number or a string (the output-stage tests choose their own ids). */
type Keyed = { _id: number | string } & Document;

function uniqueDbName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** The MONGO_URL may carry a path and options; the database is always chosen by name. */
function dupMessage(db: string, coll: string, index: string, key: string): string {
  return `E11000 duplicate key error collection: ${db}.${coll} index: ${index} dup key: ${key}`;
}

async function caught(p: Promise<unknown>): Promise<MongoServerError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof MongoServerError) return e;
    throw e;
  }
  throw new Error('expected the operation to fail');
}

describe.each(targets)('%s through the mongodb driver', (_name, start) => {
  let target: Target;
  let client: MongoClient;
  let db: Db;
  let dbName: string;

  beforeAll(async () => {
    target = await start();
    client = new MongoClient(target.url);
    await client.connect();
    dbName = uniqueDbName('conf_driver');
    db = client.db(dbName);
  });

  afterAll(async () => {
    await db?.dropDatabase().catch(() => {});
    await client?.close();
    await target?.stop();
  });

  test('$out replaces the target with the pipeline result; a duplicate key leaves the target as it was', async () => {
    const source = db.collection<Keyed>('out_source');
    await source.insertMany([
      { _id: 1, team: 'a', n: 2 },
      { _id: 2, team: 'b', n: 3 },
      { _id: 3, team: 'a', n: 4 },
    ]);
    const totals = db.collection<Keyed>('out_totals');
    await totals.insertOne({ _id: 'stale', total: 0 });
    const answer = await source
      .aggregate([{ $group: { _id: '$team', total: { $sum: '$n' } } }, { $out: 'out_totals' }])
      .toArray();
    expect(answer).toEqual([]);
    expect(await totals.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'a', total: 6 },
      { _id: 'b', total: 3 },
    ]);

    const failed = await caught(
      source.aggregate([{ $project: { _id: '$team' } }, { $out: 'out_totals' }]).toArray(),
    );
    expect(failed.code).toBe(11000);
    expect(await totals.countDocuments()).toBe(2);

    const notLast = await caught(source.aggregate([{ $out: 'out_totals' }, { $match: {} }]).toArray());
    expect(notLast.code).toBe(40601);
  });

  test('$merge folds results in: whenMatched merge/replace/keepExisting/fail/pipeline, whenNotMatched insert/discard/fail', async () => {
    const source = db.collection<Keyed>('merge_source');
    await source.insertMany([
      { _id: 1, score: 10 },
      { _id: 2, score: 20 },
    ]);
    const into = db.collection<Keyed>('merge_into');
    await into.insertOne({ _id: 1, name: 'one', score: 0 });

    await source.aggregate([{ $merge: 'merge_into' }]).toArray();
    expect(await into.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, name: 'one', score: 10 },
      { _id: 2, score: 20 },
    ]);

    await source
      .aggregate([{ $merge: { into: 'merge_into', whenMatched: 'replace', whenNotMatched: 'discard' } }])
      .toArray();
    expect(await into.findOne({ _id: 1 })).toEqual({ _id: 1, score: 10 });

    await into.updateOne({ _id: 2 }, { $set: { score: 99 } });
    await source.aggregate([{ $merge: { into: 'merge_into', whenMatched: 'keepExisting' } }]).toArray();
    expect(await into.findOne({ _id: 2 })).toEqual({ _id: 2, score: 99 });

    await source
      .aggregate([
        {
          $merge: {
            into: 'merge_into',
            whenMatched: [{ $set: { score: { $add: ['$score', '$$new.score'] } } }],
          },
        },
      ])
      .toArray();
    expect(await into.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, score: 20 },
      { _id: 2, score: 119 },
    ]);

    const fail = await caught(
      source.aggregate([{ $merge: { into: 'merge_into', whenMatched: 'fail' } }]).toArray(),
    );
    expect(fail.code).toBe(11000);
    expect(await into.findOne({ _id: 1 })).toEqual({ _id: 1, score: 20 });

    await source.insertOne({ _id: 3, score: 30 });
    const missing = await caught(
      source
        .aggregate([{ $merge: { into: 'merge_into', whenMatched: 'merge', whenNotMatched: 'fail' } }])
        .toArray(),
    );
    expect(missing.code).toBe(13113);
    // All or nothing: the documents before the failing one were not changed either.
    expect(await into.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, score: 20 },
      { _id: 2, score: 119 },
    ]);

    const noIndex = await caught(
      source.aggregate([{ $merge: { into: 'merge_into', on: 'score' } }]).toArray(),
    );
    expect(noIndex.code).toBe(51183);
    await into.createIndex({ score: 1 }, { unique: true });
    await source
      .aggregate([
        { $project: { _id: 0, score: 1, seen: { $literal: true } } },
        { $merge: { into: 'merge_into', on: 'score', whenNotMatched: 'discard' } },
      ])
      .toArray();
    expect(await into.findOne({ score: 20 })).toEqual({ _id: 1, score: 20, seen: true });
  });

  test('when documents are inserted, then they are found by ObjectId, by $in of ObjectIds and by Date range, sorted by Date', async () => {
    const coll = db.collection('events');
    const ids = [new ObjectId(), new ObjectId(), new ObjectId()];
    const base = Date.UTC(2024, 0, 1);
    await coll.insertMany(ids.map((_id, i) => ({ _id, n: i, at: new Date(base + i * 86_400_000) })));

    expect(await coll.findOne({ _id: new ObjectId(ids[1]!.toHexString()) })).toEqual({
      _id: ids[1],
      n: 1,
      at: new Date(base + 86_400_000),
    });
    const byIn = await coll
      .find({ _id: { $in: [ids[0]!, ids[2]!] } })
      .sort({ n: 1 })
      .toArray();
    expect(byIn.map((d) => d.n)).toEqual([0, 2]);
    const inRange = await coll
      .find({ at: { $gte: new Date(base + 1), $lt: new Date(base + 3 * 86_400_000) } })
      .toArray();
    expect(inRange.map((d) => d.n).sort()).toEqual([1, 2]);
    const byDateDesc = await coll.find({}).sort({ at: -1 }).toArray();
    expect(byDateDesc.map((d) => d.n)).toEqual([2, 1, 0]);
    expect(await coll.countDocuments({ _id: { $ne: ids[0] } })).toBe(2);
  });

  test('Int64 values match and compare with plain numbers, and ObjectIds sort and compare by creation time', async () => {
    const longs = db.collection<{ _id: number; v: Long | number }>('longs');
    await longs.insertMany([
      { _id: 1, v: Long.fromNumber(5) },
      { _id: 2, v: 7 },
      { _id: 3, v: Long.fromNumber(10) },
    ]);
    const gt = await longs
      .find({ v: { $gt: 6 } })
      .sort({ v: 1 })
      .toArray();
    expect(gt.map((d) => d._id)).toEqual([2, 3]);
    expect(await longs.countDocuments({ v: Long.fromNumber(7) })).toBe(1);
    expect(await longs.countDocuments({ v: { $in: [5, Long.fromNumber(10)] } })).toBe(2);

    const oids = db.collection('oids');
    const t0 = Math.floor(Date.UTC(2024, 0, 1) / 1000);
    const ids = [2, 0, 1].map((i) => ObjectId.createFromTime(t0 + i * 60));
    await oids.insertMany(ids.map((_id, i) => ({ _id, i })));
    const sorted = await oids.find({}).sort({ _id: 1 }).toArray();
    expect(sorted.map((d) => d.i)).toEqual([1, 2, 0]);
    expect(await oids.countDocuments({ _id: { $gt: ObjectId.createFromTime(t0 + 30) } })).toBe(2);
  });

  test('sorting follows MongoDB: arrays by their smallest (ascending) or largest (descending) element, and the BSON type order', async () => {
    const arrays = db.collection<{ _id: number; v?: unknown }>('sort_arrays');
    await arrays.insertMany([
      { _id: 1, v: [5, 1] },
      { _id: 2, v: 3 },
      { _id: 3, v: [2, 9] },
      { _id: 4 },
      { _id: 5, v: null },
    ]);
    const asc = await arrays.find({}).sort({ v: 1, _id: 1 }).toArray();
    expect(asc.map((d) => d._id)).toEqual([4, 5, 1, 3, 2]);
    const desc = await arrays.find({}).sort({ v: -1, _id: 1 }).toArray();
    expect(desc.map((d) => d._id)).toEqual([3, 1, 2, 4, 5]);
    const viaAggregate = await arrays
      .aggregate([{ $sort: { v: -1, _id: 1 } }, { $project: { _id: 1 } }])
      .toArray();
    expect(viaAggregate.map((d) => d._id)).toEqual([3, 1, 2, 4, 5]);

    const mixed = db.collection<{ _id: string; t: unknown }>('sort_types');
    await mixed.insertMany([
      { _id: 'date', t: new Date(0) },
      { _id: 'bool', t: true },
      { _id: 'oid', t: new ObjectId() },
      { _id: 'object', t: { x: 1 } },
      { _id: 'string', t: 'a' },
      { _id: 'number', t: 1 },
      { _id: 'null', t: null },
    ]);
    const byType = await mixed.find({}).sort({ t: 1 }).toArray();
    expect(byType.map((d) => d._id)).toEqual(['null', 'number', 'string', 'object', 'oid', 'bool', 'date']);
  });

  test('$type matches BSON types: objectId, int, double, number, string, array, date, null', async () => {
    const coll = db.collection<{ _id: string; v: unknown }>('types');
    await coll.insertMany([
      { _id: 'oid', v: new ObjectId() },
      { _id: 'int', v: 5 },
      { _id: 'double', v: 5.5 },
      { _id: 'string', v: 'x' },
      { _id: 'array', v: ['x', 1] },
      { _id: 'date', v: new Date() },
      { _id: 'null', v: null },
    ]);
    const ids = async (type: unknown) =>
      (await coll.find({ v: { $type: type } } as never).toArray()).map((d) => d._id).sort();
    expect(await ids('objectId')).toEqual(['oid']);
    expect(await ids(7)).toEqual(['oid']);
    expect(await ids('int')).toEqual(['array', 'int']);
    expect(await ids('double')).toEqual(['double']);
    expect(await ids('number')).toEqual(['array', 'double', 'int']);
    expect(await ids('string')).toEqual(['array', 'string']);
    expect(await ids('array')).toEqual(['array']);
    expect(await ids(['date', 'null'])).toEqual(['date', 'null']);
  });

  test('equality to an embedded document is field-order sensitive, and $gte: null matches null and missing', async () => {
    const coll = db.collection<{ _id: number; a?: unknown }>('subdocs');
    await coll.insertMany([
      { _id: 1, a: { x: 1, y: 2 } },
      { _id: 2, a: { y: 2, x: 1 } },
      { _id: 3, a: [{ x: 1, y: 2 }] },
      { _id: 4 },
    ]);
    const ids = async (filter: object) =>
      (await coll.find(filter as never).toArray()).map((d) => d._id).sort();
    expect(await ids({ a: { x: 1, y: 2 } })).toEqual([1, 3]);
    expect(await ids({ a: { $ne: { x: 1, y: 2 } } })).toEqual([2, 4]);
    expect(await ids({ a: { $gte: null } })).toEqual([4]);
  });

  test('when a unique index is violated, then the error is 11000 with the exact message, keyPattern and keyValue', async () => {
    const coll = db.collection('users');
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ email: 'ada@example.com' });

    const e = await caught(coll.insertOne({ email: 'ada@example.com' }));
    expect(e.code).toBe(11000);
    expect(e.errmsg).toBe(dupMessage(dbName, 'users', 'email_1', '{ email: "ada@example.com" }'));
    expect(e.keyPattern).toEqual({ email: 1 });
    expect(e.keyValue).toEqual({ email: 'ada@example.com' });

    const id = new ObjectId();
    await coll.insertOne({ _id: id, email: 'b@example.com' });
    const e2 = await caught(coll.insertOne({ _id: id, email: 'c@example.com' }));
    expect(e2.errmsg).toBe(dupMessage(dbName, 'users', '_id_', `{ _id: ObjectId('${id.toHexString()}') }`));

    const e3 = await caught(
      coll.updateOne({ email: 'b@example.com' }, { $set: { email: 'ada@example.com' } }),
    );
    expect(e3.code).toBe(11000);
    expect(await coll.countDocuments({ email: 'b@example.com' })).toBe(1);
  });

  test('when an ordered insertMany hits a duplicate it stops there; unordered continues', async () => {
    const coll = db.collection('ordered');
    await coll.createIndex({ k: 1 }, { unique: true });
    const ordered = await caught(coll.insertMany([{ k: 1 }, { k: 1 }, { k: 2 }]));
    expect(ordered.code).toBe(11000);
    expect(await coll.countDocuments()).toBe(1);

    const unordered = await caught(coll.insertMany([{ k: 3 }, { k: 1 }, { k: 4 }], { ordered: false }));
    expect(unordered.code).toBe(11000);
    expect(
      (unordered as unknown as { writeErrors: { index: number }[] }).writeErrors.map((w) => w.index),
    ).toEqual([1]);
    expect(await coll.countDocuments()).toBe(3);
  });

  test('compound and sparse unique indexes, and a unique index over existing duplicates, behave like MongoDB', async () => {
    const compound = db.collection('compound');
    await compound.createIndex({ org: 1, slug: 1 }, { unique: true, name: 'org_slug' });
    await compound.insertMany([
      { org: 'a', slug: 'x' },
      { org: 'b', slug: 'x' },
    ]);
    const e = await caught(compound.insertOne({ org: 'a', slug: 'x' }));
    expect(e.errmsg).toBe(dupMessage(dbName, 'compound', 'org_slug', '{ org: "a", slug: "x" }'));
    expect(e.keyValue).toEqual({ org: 'a', slug: 'x' });

    const sparse = db.collection('sparse');
    await sparse.createIndex({ code: 1 }, { unique: true, sparse: true });
    await sparse.insertMany([{ name: 'no code 1' }, { name: 'no code 2' }, { code: 7 }]);
    expect((await caught(sparse.insertOne({ code: 7 }))).code).toBe(11000);

    const dups = db.collection('dups');
    await dups.insertMany([{ v: 1 }, { v: 1 }]);
    const e2 = await caught(dups.createIndex({ v: 1 }, { unique: true }));
    expect(e2.code).toBe(11000);
    expect((await dups.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  test('a document with 50 embedded tasks is updated by positional $ and by arrayFilters', async () => {
    const coll = db.collection('ventures');
    const tasks = Array.from({ length: 50 }, (_, i) => ({
      _id: new ObjectId(),
      title: `task ${i}`,
      status: 'todo',
    }));
    const { insertedId } = await coll.insertOne({ name: 'Acme', tasks });

    const r1 = await coll.updateOne(
      { _id: insertedId, 'tasks._id': tasks[10]!._id },
      { $set: { 'tasks.$.status': 'done' } },
    );
    expect(r1.modifiedCount).toBe(1);
    const r2 = await coll.updateOne(
      { _id: insertedId },
      { $set: { 'tasks.$[t].status': 'in_progress' } },
      { arrayFilters: [{ 't._id': { $in: [tasks[20]!._id, tasks[30]!._id] } }] },
    );
    expect(r2.modifiedCount).toBe(1);
    await coll.updateOne({ _id: insertedId }, { $inc: { 'tasks.$[].views': 1 } });

    const doc = await coll.findOne({ _id: insertedId });
    const statuses = (doc!.tasks as { status: string; views: number }[]).map((t) => t.status);
    expect(statuses[10]).toBe('done');
    expect(statuses[20]).toBe('in_progress');
    expect(statuses[30]).toBe('in_progress');
    expect(statuses.filter((s) => s === 'todo')).toHaveLength(47);
    expect((doc!.tasks as { views: number }[]).every((t) => t.views === 1)).toBe(true);

    const e = await caught(coll.updateOne({ _id: insertedId }, { $set: { 'tasks.$.status': 'x' } }));
    expect(e.code).toBe(2);
  });

  test('the reminder scan: a range on an indexed embedded field, $elemMatch with $ne, and arrayFilters with dotted paths; explain names the index', async () => {
    const coll = db.collection<Document & { _id: string }>('reminder_scan');
    await coll.createIndex({ 'tasks.nextReminderOn': 1 });
    const taskId = new ObjectId();
    await coll.insertMany([
      {
        _id: 'a',
        deletedAt: null,
        tasks: [
          {
            _id: taskId,
            dueDate: '2027-03-11',
            status: 'todo',
            remindedFor: {},
            nextReminderOn: '2027-03-10',
          },
        ],
      },
      {
        _id: 'b',
        deletedAt: null,
        tasks: [
          { _id: new ObjectId(), nextReminderOn: '2027-04-01' },
          { _id: new ObjectId(), nextReminderOn: null },
        ],
      },
      { _id: 'c', deletedAt: null, tasks: [{ _id: new ObjectId(), nextReminderOn: 20270301 }] },
    ]);
    const scan = { 'tasks.nextReminderOn': { $lte: '2027-03-11' }, deletedAt: null };
    expect((await coll.find(scan).toArray()).map((d) => d._id)).toEqual(['a']);
    const explained = await coll.find(scan).explain('queryPlanner');
    expect(JSON.stringify(explained.queryPlanner.winningPlan)).toContain('tasks.nextReminderOn_1');

    // Once per due date: the conditional write matches the first time only.
    const mark = () =>
      coll.updateOne(
        {
          _id: 'a',
          tasks: {
            $elemMatch: {
              _id: taskId,
              dueDate: '2027-03-11',
              status: { $ne: 'done' },
              'remindedFor.due_tomorrow': { $ne: '2027-03-11' },
            },
          },
        },
        {
          $set: {
            'tasks.$[task].remindedFor.due_tomorrow': '2027-03-11',
            'tasks.$[task].nextReminderOn': '2027-03-12',
          },
        },
        { arrayFilters: [{ 'task._id': taskId }] },
      );
    expect((await mark()).matchedCount).toBe(1);
    expect((await mark()).matchedCount).toBe(0);
    const after = await coll.findOne({ _id: 'a' });
    expect(after!.tasks[0]).toMatchObject({
      remindedFor: { due_tomorrow: '2027-03-11' },
      nextReminderOn: '2027-03-12',
    });
    expect((await coll.find(scan).toArray()).map((d) => d._id)).toEqual([]);
  });

  test('findOneAndUpdate returns the document after the update, upserts with $setOnInsert, and reports duplicates at top level', async () => {
    const coll = db.collection('counters');
    await coll.createIndex({ name: 1 }, { unique: true });
    const created = await coll.findOneAndUpdate(
      { name: 'orders' },
      { $inc: { seq: 1 }, $setOnInsert: { createdBy: 'test' } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(created).toMatchObject({ name: 'orders', seq: 1, createdBy: 'test' });
    const updated = await coll.findOneAndUpdate(
      { name: 'orders' },
      { $inc: { seq: 1 }, $setOnInsert: { createdBy: 'other' } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(updated).toMatchObject({ seq: 2, createdBy: 'test' });
    const before = await coll.findOneAndUpdate(
      { name: 'orders' },
      { $inc: { seq: 1 } },
      { returnDocument: 'before' },
    );
    expect(before!.seq).toBe(2);
    expect(await coll.findOneAndUpdate({ name: 'missing' }, { $set: { x: 1 } })).toBeNull();

    await coll.insertOne({ name: 'invoices' });
    const e = await caught(coll.findOneAndUpdate({ name: 'invoices' }, { $set: { name: 'orders' } }));
    expect(e.code).toBe(11000);
    expect(e.errmsg).toBe(dupMessage(dbName, 'counters', 'name_1', '{ name: "orders" }'));
    expect(e.keyValue).toEqual({ name: 'orders' });

    const removed = await coll.findOneAndDelete({ name: 'invoices' });
    expect(removed!.name).toBe('invoices');
  });

  test('update type errors and _id changes fail with the MongoDB codes', async () => {
    const coll = db.collection('typed');
    const { insertedId } = await coll.insertOne({ s: 'text', n: 1 });
    const inc = await caught(coll.updateOne({ _id: insertedId }, { $inc: { s: 1 } }));
    expect(inc.code).toBe(14);
    expect(inc.errmsg).toMatch(/^Cannot apply \$inc to a value of non-numeric type\./);
    const push = await caught(
      coll.updateOne({ _id: insertedId }, { $push: { s: 'x' } } as unknown as UpdateFilter<Document>),
    );
    expect(push.code).toBe(2);
    expect(push.errmsg).toMatch(/^The field 's' must be an array but is of type string/);
    const id = await caught(coll.updateOne({ _id: insertedId }, { $set: { _id: new ObjectId() } }));
    expect(id.code).toBe(66);
    const conflict = await caught(coll.updateOne({ _id: insertedId }, { $set: { n: 2 }, $inc: { n: 1 } }));
    expect(conflict.code).toBe(40);
    expect(await coll.findOne({ _id: insertedId })).toEqual({ _id: insertedId, s: 'text', n: 1 });
  });

  test('a cursor over 1,500 documents returns every document once, in batches', async () => {
    const coll = db.collection('many');
    await coll.insertMany(Array.from({ length: 1500 }, (_, i) => ({ i })));
    const all = await coll.find({}, { batchSize: 200 }).sort({ i: 1 }).toArray();
    expect(all).toHaveLength(1500);
    expect(all.every((d, i) => d.i === i)).toBe(true);
    const limited = await coll
      .find({ i: { $gte: 100 } })
      .skip(10)
      .limit(250)
      .project({ _id: 0, i: 1 })
      .toArray();
    expect(limited[0]).toEqual({ i: 110 });
    expect(limited).toHaveLength(250);
    const cursor = coll.find({}).batchSize(10);
    await cursor.next();
    await cursor.close();
    expect(await coll.countDocuments({ i: { $lt: 500 } })).toBe(500);
    expect(await coll.estimatedDocumentCount()).toBe(1500);
  });

  test('bulkWrite applies mixed operations and reports counts', async () => {
    const coll = db.collection<{ _id: number; v?: number; w?: string }>('bulk');
    const r = await coll.bulkWrite([
      { insertOne: { document: { _id: 1, v: 1 } } },
      { insertOne: { document: { _id: 2, v: 2 } } },
      { updateOne: { filter: { _id: 1 }, update: { $set: { v: 10 } } } },
      { updateMany: { filter: {}, update: { $inc: { v: 1 } } } },
      { replaceOne: { filter: { _id: 2 }, replacement: { w: 'replaced' } } },
      { updateOne: { filter: { _id: 3 }, update: { $set: { v: 3 } }, upsert: true } },
      { deleteOne: { filter: { _id: 1 } } },
    ]);
    expect(r.insertedCount).toBe(2);
    expect(r.matchedCount).toBe(4);
    expect(r.modifiedCount).toBe(4);
    expect(r.upsertedCount).toBe(1);
    expect(r.deletedCount).toBe(1);
    expect(await coll.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 2, w: 'replaced' },
      { _id: 3, v: 3 },
    ]);
  });

  test('aggregate supports $match, $group, $lookup, $unwind, $facet, $count and $sort', async () => {
    const owners = db.collection('agg_owners');
    const items = db.collection('agg_items');
    const [a, b] = [new ObjectId(), new ObjectId()];
    await owners.insertMany([
      { _id: a, name: 'Ann' },
      { _id: b, name: 'Bob' },
    ]);
    await items.insertMany([
      { owner: a, tags: ['x', 'y'], price: 5 },
      { owner: a, tags: ['y'], price: 7 },
      { owner: b, tags: [], price: 1 },
    ]);
    const grouped = await items
      .aggregate([
        { $match: { price: { $gte: 1 } } },
        { $group: { _id: '$owner', total: { $sum: '$price' }, n: { $sum: 1 } } },
        { $lookup: { from: 'agg_owners', localField: '_id', foreignField: '_id', as: 'owner' } },
        { $unwind: '$owner' },
        { $project: { _id: 0, name: '$owner.name', total: 1, n: 1 } },
        { $sort: { total: -1 } },
      ])
      .toArray();
    expect(grouped).toEqual([
      { total: 12, n: 2, name: 'Ann' },
      { total: 1, n: 1, name: 'Bob' },
    ]);
    const [facets] = await items
      .aggregate([
        {
          $facet: {
            tags: [{ $unwind: '$tags' }, { $group: { _id: '$tags', n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
            expensive: [{ $match: { price: { $gt: 4 } } }, { $count: 'n' }],
          },
        },
      ])
      .toArray();
    expect(facets).toEqual({
      tags: [
        { _id: 'x', n: 1 },
        { _id: 'y', n: 2 },
      ],
      expensive: [{ n: 2 }],
    });
    expect(await items.aggregate([{ $match: { price: 1000 } }, { $count: 'n' }]).toArray()).toEqual([]);
    expect((await items.distinct('tags')).sort()).toEqual(['x', 'y']);
  });

  test('collections and indexes can be listed and dropped', async () => {
    const coll = db.collection('listed');
    await coll.createIndexes([{ key: { a: 1 } }, { key: { b: -1 }, name: 'b_desc', unique: true }]);
    const names = (await db.listCollections({ name: 'listed' }, { nameOnly: true }).toArray()).map(
      (c) => c.name,
    );
    expect(names).toEqual(['listed']);
    const indexes = await coll.listIndexes().toArray();
    expect(indexes.map((i) => [i.name, i.key, i.unique ?? false])).toEqual([
      ['_id_', { _id: 1 }, false],
      ['a_1', { a: 1 }, false],
      ['b_desc', { b: -1 }, true],
    ]);
    await coll.dropIndex('a_1');
    expect((await coll.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'b_desc']);
    expect((await caught(coll.dropIndex('nope'))).code).toBe(27);
    expect(await coll.drop()).toBe(true);
    expect(await db.listCollections({ name: 'listed' }).toArray()).toEqual([]);
  });

  test('deleteOne and deleteMany remove matching documents', async () => {
    const coll = db.collection('deletes');
    await coll.insertMany([{ g: 1 }, { g: 1 }, { g: 2 }, { g: 2 }, { g: 2 }]);
    expect((await coll.deleteOne({ g: 1 })).deletedCount).toBe(1);
    expect((await coll.deleteMany({ g: 2 })).deletedCount).toBe(3);
    expect(await coll.countDocuments()).toBe(1);
  });

  test('find evaluates $expr nested in $or and $and, and projections that compute, slice or match elements', async () => {
    const coll = db.collection<Keyed>('find_expressions');
    await coll.insertMany([
      {
        _id: 1,
        a: 2,
        b: 3,
        tags: ['x', 'y', 'z'],
        items: [
          { k: 'p', n: 1 },
          { k: 'q', n: 5 },
        ],
      },
      { _id: 2, a: 7, b: 1, tags: ['y'], items: [{ k: 'q', n: 2 }] },
    ]);
    const ids = async (filter: Document) =>
      (await coll.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
    expect(await ids({ $or: [{ $expr: { $gt: ['$a', '$b'] } }, { _id: 99 }] })).toEqual([2]);
    expect(await ids({ $and: [{ tags: 'y' }, { $expr: { $lt: [{ $add: ['$a', '$b'] }, 6] } }] })).toEqual([
      1,
    ]);
    expect(await ids({ items: { $elemMatch: { k: 'q', n: { $gt: 3 } } } })).toEqual([1]);

    const projected = (projection: Document) => coll.find({}, { projection, sort: { _id: 1 } }).toArray();
    expect(await projected({ sum: { $add: ['$a', '$b'] }, first: { $first: '$tags' } })).toEqual([
      { _id: 1, sum: 5, first: 'x' },
      { _id: 2, sum: 8, first: 'y' },
    ]);
    expect(await projected({ _id: 0, tags: { $slice: 2 } })).toEqual([
      {
        tags: ['x', 'y'],
        items: [
          { k: 'p', n: 1 },
          { k: 'q', n: 5 },
        ],
        a: 2,
        b: 3,
      },
      { tags: ['y'], items: [{ k: 'q', n: 2 }], a: 7, b: 1 },
    ]);
    expect(await projected({ a: 0, items: 0, tags: { $slice: [-2, 1] } })).toEqual([
      { _id: 1, b: 3, tags: ['y'] },
      { _id: 2, b: 1, tags: ['y'] },
    ]);
    expect(await projected({ items: { $elemMatch: { k: 'q' } } })).toEqual([
      { _id: 1, items: [{ k: 'q', n: 5 }] },
      { _id: 2, items: [{ k: 'q', n: 2 }] },
    ]);
    expect(await projected({ a: 1, 'items.n': 1 })).toEqual([
      { _id: 1, a: 2, items: [{ n: 1 }, { n: 5 }] },
      { _id: 2, a: 7, items: [{ n: 2 }] },
    ]);
  });

  test('a projection or $project stage that excludes nested fields leaves the stored document as it was', async () => {
    const coll = db.collection<Keyed>('nested_exclusion');
    const stored = { _id: 1, b: { c: 2, d: 3 }, items: [{ x: 1, y: 2 }] };
    await coll.insertOne(stored);
    expect(await coll.find({}, { projection: { 'b.c': 0, 'items.y': 0 } }).toArray()).toEqual([
      { _id: 1, b: { d: 3 }, items: [{ x: 1 }] },
    ]);
    expect(await coll.find({}, { projection: { b: { d: 0 } } }).toArray()).toEqual([
      { _id: 1, b: { c: 2 }, items: [{ x: 1, y: 2 }] },
    ]);
    expect(await coll.aggregate([{ $project: { 'b.d': 0, 'items.x': 0 } }]).toArray()).toEqual([
      { _id: 1, b: { c: 2 }, items: [{ y: 2 }] },
    ]);
    expect(await coll.findOne({ _id: 1 })).toEqual(stored);
  });

  test('an exclusion of nested fields drops them from every embedded document on the path and keeps the rest', async () => {
    const coll = db.collection<Keyed>('nested_exclusion_paths');
    const stored = [
      {
        _id: 1,
        name: 'v',
        tasks: [{ n: 1, title: 't1', text: 'x', due: null }, 'loose', 7, { n: 2, title: 't2' }, { n: 3 }, {}],
        meta: { title: 'm', deep: { title: 'd', keep: true }, list: [{ title: 'l', keep: 1 }] },
        outbox: [{ e: 1 }],
      },
      { _id: 2, tasks: { n: 4, title: 't4' }, meta: 5 },
      { _id: 3 },
    ];
    await coll.insertMany(stored);
    const projected = (projection: Document) => coll.find({}, { projection, sort: { _id: 1 } }).toArray();
    expect(await projected({ outbox: 0, 'tasks.title': 0, 'tasks.text': 0 })).toEqual([
      {
        _id: 1,
        name: 'v',
        tasks: [{ n: 1, due: null }, 'loose', 7, { n: 2 }, { n: 3 }, {}],
        meta: stored[0]!.meta,
      },
      { _id: 2, tasks: { n: 4 }, meta: 5 },
      { _id: 3 },
    ]);
    // The nested form, a path two levels down (through a document and through an array), `_id: 0` beside them.
    expect(
      await projected({
        _id: 0,
        meta: { title: 0, 'deep.title': 0, list: { title: 0 } },
        tasks: 0,
        outbox: 0,
      }),
    ).toEqual([{ name: 'v', meta: { deep: { keep: true }, list: [{ keep: 1 }] } }, { meta: 5 }, {}]);
    // `_id: 1` beside nested exclusions is an exclusion; the field order is the document's.
    const [first] = await projected({ _id: 1, 'meta.deep': 0, name: 0 });
    expect(Object.keys(first!)).toEqual(['_id', 'tasks', 'meta', 'outbox']);
    expect(first!.meta).toEqual({ title: 'm', list: [{ title: 'l', keep: 1 }] });
    expect(await coll.findOne({ _id: 1 })).toEqual(stored[0]);
  });

  test('null on a dotted path matches a missing or null field, and arrays with no document holding one, as MongoDB reads it', async () => {
    // The cases of MongoDB's own null_query_semantics test (without the deprecated undefined type).
    const coll = db.collection<{ _id: string; a?: unknown }>('dotted_null');
    await coll.insertMany([
      { _id: 'empty_subobject', a: {} },
      { _id: 'null', a: null },
      { _id: 'number', a: 4 },
      { _id: 'subobject_b_not_null', a: { b: 'hi' } },
      { _id: 'subobject_b_null', a: { b: null } },
      { _id: 'no_a' },
      { _id: 'double_array', a: [[]] },
      { _id: 'empty_array', a: [] },
      { _id: 'object_array_b_null_and_missing', a: [{ b: null }, {}] },
      { _id: 'object_array_no_b_nulls', a: [{ b: 1 }, { b: 'string' }] },
      { _id: 'object_array_some_b_missing', a: [{ b: 3 }, {}] },
      { _id: 'value_array_all_nulls', a: [null, null] },
      { _id: 'value_array_no_nulls', a: [1, 'string', 4] },
      { _id: 'value_array_with_null', a: [1, null] },
      { _id: 'subobject_b_array_with_null', a: { b: [1, null] } },
    ]);
    const ids = async (filter: Document) => (await coll.find(filter).toArray()).map((d) => d._id).sort();
    const nonNull = ['object_array_no_b_nulls', 'subobject_b_not_null'];
    const all = await ids({});
    const dottedNull = all.filter((id) => !nonNull.includes(id));
    expect(await ids({ 'a.b': null })).toEqual(dottedNull);
    expect(await ids({ 'a.b': { $eq: null } })).toEqual(dottedNull);
    expect(await ids({ 'a.b': { $gte: null } })).toEqual(dottedNull);
    expect(await ids({ $or: [{ 'a.b': null }, { 'a.b': 75 }] })).toEqual(dottedNull);
    expect(await ids({ 'a.b': { $in: [null, 75] } })).toEqual(dottedNull);
    expect(await ids({ 'a.b': { $ne: null } })).toEqual(nonNull);
    expect(await ids({ 'a.b': { $not: { $eq: null } } })).toEqual(nonNull);
    expect(await ids({ 'a.b': { $nin: [null, 75] } })).toEqual(nonNull);
    expect(await coll.countDocuments({ 'a.b': null })).toBe(dottedNull.length);
    await coll.createIndex({ 'a.b': 1 });
    expect(await ids({ 'a.b': null })).toEqual(dottedNull);
    expect(await ids({ 'a.b': { $ne: null } })).toEqual(nonNull);
    expect(await ids({ a: null })).toEqual([
      'no_a',
      'null',
      'value_array_all_nulls',
      'value_array_with_null',
    ]);
  });

  test('a projection that mixes inclusion and exclusion fails as MongoDB fails it, and an undefined variable is 17276', async () => {
    const coll = db.collection<Keyed>('projection_kinds');
    await coll.insertOne({ _id: 1, a: 1, b: { c: 2 } });
    await db.collection<Keyed>('projection_fields').insertOne({ _id: 1, z: 0, constructor: 'x', a: 1 });
    // An inclusion keeps the named fields only, whatever they are called; an exclusion drops them.
    expect(
      await db
        .collection('projection_fields')
        .find({}, { projection: { a: 1 } })
        .toArray(),
    ).toEqual([{ _id: 1, a: 1 }]);
    expect(
      await db
        .collection('projection_fields')
        .find({}, { projection: { constructor: 0, _id: 0 } })
        .toArray(),
    ).toEqual([{ z: 0, a: 1 }]);
    const exclusion = await caught(coll.find({}, { projection: { a: 1, 'b.c': 0 } }).toArray());
    expect([exclusion.code, exclusion.message]).toEqual([
      31254,
      'Cannot do exclusion on field b.c in inclusion projection',
    ]);
    const inclusion = await caught(coll.find({}, { projection: { _id: 1, a: 0, b: { c: 1 } } }).toArray());
    expect([inclusion.code, inclusion.message]).toEqual([
      31253,
      'Cannot do inclusion on field b.c in exclusion projection',
    ]);
    const staged = await caught(coll.aggregate([{ $project: { sum: { $add: ['$a', 1] }, a: 0 } }]).toArray());
    expect(staged.code).toBe(31254);
    expect(staged.message).toContain('Cannot do exclusion on field a in inclusion projection');
    // _id goes with either kind, and $slice with exclusions.
    expect(await coll.find({}, { projection: { _id: 0, a: 1 } }).toArray()).toEqual([{ a: 1 }]);
    expect(await coll.find({}, { projection: { _id: 1, a: 0 } }).toArray()).toEqual([
      { _id: 1, b: { c: 2 } },
    ]);
    const undefinedVariable = await caught(coll.find({ $expr: { $eq: ['$a', '$$missing'] } }).toArray());
    expect(undefinedVariable.code).toBe(17276);
    expect(undefinedVariable.message).toContain('Use of undefined variable: missing');
  });

  test('let variables are evaluated once and reach $expr filters and pipeline updates in update, findAndModify, delete, find and aggregate', async () => {
    const coll = db.collection<Keyed>('let_vars');
    await coll.insertMany([{ _id: 1 }, { _id: 2, name: 'name' }, { _id: 3, name: 'name' }]);
    const byId = { $expr: { $eq: ['$_id', '$$id'] } };

    const one = await coll.updateOne(byId, [{ $set: { x: '$$x', y: '$$y' } }], {
      let: { id: 1, x: 'foo', y: { $literal: '$bar' }, r: { $rand: {} } },
    });
    expect([one.matchedCount, one.modifiedCount]).toEqual([1, 1]);
    const many = await coll.updateMany(
      { $expr: { $eq: ['$name', '$$name'] } },
      [{ $set: { tag: '$$tag' } }],
      { let: { name: 'name', tag: { $concat: ['t', '-', 'x'] } } },
    );
    expect(many.modifiedCount).toBe(2);
    const upserted = await coll.updateOne({ _id: 4 }, [{ $set: { made: '$$made' } }], {
      upsert: true,
      let: { made: true },
    });
    expect(upserted.upsertedCount).toBe(1);
    const before = await coll.findOneAndUpdate(byId, [{ $set: { z: '$$z' } }], {
      let: { id: 2, z: { $add: [1, 2] } },
    });
    expect(before).toEqual({ _id: 2, name: 'name', tag: 't-x' });
    expect(await coll.findOneAndReplace(byId, { replaced: true }, { let: { id: 3 } })).toEqual({
      _id: 3,
      name: 'name',
      tag: 't-x',
    });

    expect(await coll.find(byId, { let: { id: 1 } }).toArray()).toEqual([{ _id: 1, x: 'foo', y: '$bar' }]);
    expect(
      await coll
        .aggregate([{ $match: byId }, { $project: { _id: 0, v: '$$v' } }], {
          let: { id: 2, v: { $literal: '$v' } },
        })
        .toArray(),
    ).toEqual([{ v: '$v' }]);
    const all = await coll.find({}, { sort: { _id: 1 } }).toArray();
    expect(all).toEqual([
      { _id: 1, x: 'foo', y: '$bar' },
      { _id: 2, name: 'name', tag: 't-x', z: 3 },
      { _id: 3, replaced: true },
      { _id: 4, made: true },
    ]);
    expect(
      (await coll.deleteMany({ $expr: { $lte: ['$_id', '$$max'] } }, { let: { max: 2 } })).deletedCount,
    ).toBe(2);
    expect((await coll.findOneAndDelete(byId, { let: { id: 3 } }))?._id).toBe(3);
    expect(await coll.countDocuments()).toBe(1);
  });

  test('$collStats counts a collection (estimatedDocumentCount), fails with 26 for a missing one, and must come first', async () => {
    const coll = db.collection<Keyed>('coll_stats');
    await coll.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }]);
    const counted = await coll
      .aggregate([{ $collStats: { count: {} } }, { $group: { _id: 1, n: { $sum: '$count' } } }])
      .toArray();
    expect(counted).toEqual([{ _id: 1, n: 3 }]);
    const [stats] = await coll.aggregate([{ $collStats: { count: {} } }]).toArray();
    expect(stats).toMatchObject({ ns: `${dbName}.coll_stats`, count: 3 });
    expect(stats?.localTime).toBeInstanceOf(Date);
    expect(await coll.estimatedDocumentCount()).toBe(3);
    expect(await db.collection('coll_stats_missing').estimatedDocumentCount()).toBe(0);
    const missing = await caught(
      db
        .collection('coll_stats_missing')
        .aggregate([{ $collStats: { count: {} } }])
        .toArray(),
    );
    expect(missing.code).toBe(26);
    const notFirst = await caught(coll.aggregate([{ $match: {} }, { $collStats: { count: {} } }]).toArray());
    expect(notFirst.code).toBe(40602);
  });

  test('a database-level aggregate starts from $documents and can write them with $out; other stages need a collection', async () => {
    const made = await db
      .aggregate([
        {
          $documents: [
            { _id: 1, x: 1 },
            { _id: 2, x: 2 },
          ],
        },
        { $match: { x: { $gt: 1 } } },
      ])
      .toArray();
    expect(made).toEqual([{ _id: 2, x: 2 }]);
    await db.aggregate([{ $documents: [{ _id: 'a' }, { _id: 'b' }] }, { $out: 'from_documents' }]).toArray();
    expect(
      await db
        .collection<Keyed>('from_documents')
        .find({}, { sort: { _id: 1 } })
        .toArray(),
    ).toEqual([{ _id: 'a' }, { _id: 'b' }]);
    const noCollection = await caught(db.aggregate([{ $match: {} }]).toArray());
    expect(noCollection.code).toBe(73);
  });

  test('readConcern local, majority and available read the data; an unknown level is refused', async () => {
    const coll = db.collection<Keyed>('read_concern');
    await coll.insertMany([{ _id: 1 }, { _id: 2 }]);
    for (const level of ['local', 'majority', 'available'] as const) {
      expect(await coll.find({}, { readConcern: { level } }).toArray()).toHaveLength(2);
      await coll
        .aggregate([{ $match: {} }, { $out: `read_concern_${level}` }], { readConcern: { level } })
        .toArray();
      expect(await db.collection(`read_concern_${level}`).countDocuments()).toBe(2);
    }
    const invalid = await caught(
      coll.aggregate([{ $match: {} }], { readConcern: { level: '!invalid' as 'local' } }).toArray(),
    );
    expect(invalid.code).toBe(2);
  });

  test('an unknown field in any update or delete statement fails the whole command with 40415, and nothing is written', async () => {
    const coll = db.collection<Keyed>('statement_fields');
    await coll.insertMany([
      { _id: 1, x: 20 },
      { _id: 2, x: 21 },
    ]);
    const update = await caught(
      db.command({
        update: 'statement_fields',
        updates: [
          { q: { _id: 1 }, u: { $inc: { x: 1 } } },
          { q: { _id: 2 }, u: { $inc: { x: 1 } }, let: { id: 2 } },
        ],
      }),
    );
    expect([update.code, update.errmsg]).toEqual([
      40415,
      "BSON field 'update.updates.let' is an unknown field.",
    ]);
    const del = await caught(
      db.command({ delete: 'statement_fields', deletes: [{ q: {}, limit: 0, let: {} }] }),
    );
    expect([del.code, del.errmsg]).toEqual([40415, "BSON field 'delete.deletes.let' is an unknown field."]);
    expect(await coll.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
      { _id: 1, x: 20 },
      { _id: 2, x: 21 },
    ]);
  });

  test('Decimal128 and large Int64 equality compares exact values: 1.50 equals the double 1.5, 0.1 does not equal the double 0.1', async () => {
    const coll = db.collection<Keyed>('exact_numbers');
    const big = Long.fromString('9223372036854775807');
    await coll.insertMany([
      { _id: 1, x: 1.5 },
      { _id: 2, x: Decimal128.fromString('1.50') },
      { _id: 3, x: 0.1 },
      { _id: 4, x: Decimal128.fromString('0.1') },
      { _id: 5, x: 1 },
      { _id: 6, x: [Decimal128.fromString('1E+0'), 7] },
      { _id: 7, x: big },
    ]);
    const ids = async (filter: Document) =>
      (await coll.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
    expect(await ids({ x: Decimal128.fromString('1.5') })).toEqual([1, 2]);
    expect(await ids({ x: { $eq: Decimal128.fromString('0.10') } })).toEqual([4]);
    expect(await ids({ x: Decimal128.fromString('1') })).toEqual([5, 6]);
    expect(await ids({ x: big })).toEqual([7]);
    expect(await ids({ x: { $ne: Decimal128.fromString('1.5') } })).toEqual([3, 4, 5, 6, 7]);
    expect(
      await ids({ $or: [{ x: { $elemMatch: { $eq: Decimal128.fromString('1') } } }, { _id: 3 }] }),
    ).toEqual([3, 6]);

    const upserted = await coll.updateOne(
      { _id: Decimal128.fromString('0') },
      { $unset: { a: '' } },
      { upsert: true },
    );
    expect(upserted.upsertedCount).toBe(1);
    const [stored] = await coll.find({ _id: Decimal128.fromString('0.0') }).toArray();
    expect(stored?._id).toBeInstanceOf(Decimal128);
    expect(String(stored?._id)).toBe('0');
  });

  const dec = (s: string) => Decimal128.fromString(s);
  /** Numbers of every family (Decimal128, Int64 at its maximum, int, double, NaN, -Infinity) beside a string and a missing field. */
  const mixedNumbers = (): Keyed[] => [
    { _id: 1, x: dec('1') },
    { _id: 2, x: dec('1.0') },
    { _id: 3, x: dec('1.5') },
    { _id: 4, x: dec('0.1') },
    { _id: 5, x: 0.1 },
    { _id: 6, x: dec('2') },
    { _id: 7, x: [dec('3'), 'a'] },
    { _id: 8, x: 1 },
    { _id: 9, x: Long.fromString('9223372036854775807') },
    { _id: 10, x: 'text' },
    { _id: 11 },
    { _id: 12, x: dec('NaN') },
    { _id: 13, x: dec('-Infinity') },
  ];

  test('a filter of plain numbers matches stored Decimal128 and large Int64 values by exact value in every comparison operator', async () => {
    const coll = db.collection<Keyed>('mixed_numbers');
    const big = Long.fromString('9223372036854775807');
    await coll.insertMany([...mixedNumbers(), { _id: 14, y: { z: dec('1.00') } }]);
    const ids = async (filter: Document) =>
      (await coll.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
    const expectations: [Document, number[]][] = [
      [{ x: 1 }, [1, 2, 8]],
      [{ x: 1.5 }, [3]],
      [{ x: 0.1 }, [5]],
      [{ x: { $eq: 2 } }, [6]],
      [{ x: 3 }, [7]],
      [{ x: NaN }, [12]],
      [{ x: 2 ** 63 }, []],
      [{ x: [3, 'a'] }, [7]],
      [{ 'y.z': 1 }, [14]],
      [{ y: { z: 1 } }, [14]],
      [{ x: { $ne: 1 } }, [3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14]],
      [{ x: { $gt: 0.5 } }, [1, 2, 3, 6, 7, 8, 9]],
      [{ x: { $gte: 1, $lt: 2 } }, [1, 2, 3, 8]],
      [{ x: { $lte: 0.1 } }, [4, 5, 13]],
      [{ x: { $lt: 0.1 } }, [4, 13]],
      [{ x: { $gt: 1e18 } }, [9]],
      [{ x: { $gte: big } }, [9]],
      [{ x: { $gt: dec('1.2') } }, [3, 6, 7, 9]],
      [{ x: { $in: [2, 'a'] } }, [6, 7]],
      [{ x: { $in: [1.5, 0.1] } }, [3, 5]],
      [{ x: { $in: [dec('2.00'), dec('0.1')] } }, [4, 6]],
      [{ x: { $nin: [1, 2] } }, [3, 4, 5, 7, 9, 10, 11, 12, 13, 14]],
      [{ x: { $all: [3, 'a'] } }, [7]],
      [{ x: { $elemMatch: { $gt: 2.5 } } }, [7]],
      [{ x: { $elemMatch: { $in: [3] } } }, [7]],
      [{ x: { $not: { $gt: 1 } } }, [1, 2, 4, 5, 8, 10, 11, 12, 13, 14]],
      [{ $or: [{ x: 2 }, { x: { $lt: 0 } }] }, [6, 13]],
      [{ $nor: [{ x: { $gte: 1 } }, { x: 'text' }, { y: { $exists: true } }] }, [4, 5, 11, 12, 13]],
      [{ $and: [{ x: { $gt: 1 } }, { x: { $lt: 3 } }] }, [3, 6]],
    ];
    for (const [filter, expected] of expectations) {
      expect({ filter, ids: await ids(filter) }).toEqual({ filter, ids: expected });
    }

    // The same through an index on x: equality reads its keys, ranges walk them.
    await coll.createIndex({ x: 1 });
    expect(await ids({ x: 1 })).toEqual([1, 2, 8]);
    expect(await ids({ x: { $in: [2, 0.1] } })).toEqual([5, 6]);
    expect(await ids({ x: { $gt: 0.5 } })).toEqual([1, 2, 3, 6, 7, 8, 9]);
    expect(await ids({ x: { $lt: 0.1 } })).toEqual([4, 13]);
    expect(await coll.countDocuments({ x: { $gte: 1, $lte: 2 } })).toBe(5);
  });

  test('a Decimal128 compares with a double by the double exact value, not a 34-digit rounding of it, and beyond the double range', async () => {
    // MongoDB converts the decimal to a double rounding toward negative and reads the inexact flag, which
    // orders the two exactly. The double 0.1 is 0.1000000000000000055511151231257827021…; its 34-digit
    // rounding (the first decimal below) is therefore less than it, not equal.
    const coll = db.collection<Keyed>('decimal_against_double');
    await coll.insertMany([
      { _id: 1, x: dec('0.1000000000000000055511151231257827') },
      { _id: 2, x: dec('0.1000000000000000055511151231257828') },
      { _id: 3, x: 0.1 },
      { _id: 4, x: dec('1E+400') },
      { _id: 5, x: dec('-1E+400') },
      { _id: 6, x: dec('1E-400') },
      { _id: 7, x: 0 },
      { _id: 8, x: dec('Infinity') },
    ]);
    const ids = async (filter: Document) =>
      (await coll.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
    const expectations: [Document, number[]][] = [
      [{ x: 0.1 }, [3]],
      [{ x: { $lt: 0.1, $gt: 0.05 } }, [1]],
      [{ x: { $gt: 0.1, $lt: 1 } }, [2]],
      [{ x: { $gt: Number.MAX_VALUE } }, [4, 8]],
      [{ x: { $lt: Infinity } }, [1, 2, 3, 4, 5, 6, 7]],
      [{ x: { $gt: -Infinity, $lt: -Number.MAX_VALUE } }, [5]],
      [{ x: { $gt: 0, $lt: Number.MIN_VALUE } }, [6]],
      [{ x: Infinity }, [8]],
    ];
    for (const [filter, expected] of expectations) {
      expect({ filter, ids: await ids(filter) }).toEqual({ filter, ids: expected });
    }
    const ascending = (await coll.find({}).sort({ x: 1 }).toArray()).map((d) => d._id);
    expect(ascending).toEqual([5, 7, 6, 1, 3, 2, 4, 8]);
  });

  test('sorting orders Decimal128, Int64, int and double values together by value, arrays by their smallest or largest element', async () => {
    const coll = db.collection<Keyed>('sort_mixed_numbers');
    await coll.insertMany(mixedNumbers());
    const ascending = [11, 12, 13, 4, 5, 1, 2, 8, 3, 6, 7, 9, 10];
    const descending = [10, 7, 9, 6, 3, 1, 2, 8, 5, 4, 13, 12, 11];
    const sorted = async (dir: 1 | -1) =>
      (await coll.find({}).sort({ x: dir, _id: 1 }).toArray()).map((d) => d._id);
    expect(await sorted(1)).toEqual(ascending);
    expect(await sorted(-1)).toEqual(descending);
    const aggregated = await coll
      .aggregate([{ $sort: { x: 1, _id: 1 } }, { $project: { _id: 1 } }])
      .toArray();
    expect(aggregated.map((d) => d._id)).toEqual(ascending);
    // Descending, the array sorts by its largest element, the string 'a', above every number.
    const top = await coll.findOneAndUpdate({ x: { $gte: 1 } }, { $set: { top: true } }, { sort: { x: -1 } });
    expect(top?._id).toBe(7);
    const topNumber = await coll.findOneAndUpdate(
      { x: { $gte: 1 }, _id: { $ne: 7 } },
      { $set: { top: true } },
      { sort: { x: -1 } },
    );
    expect(topNumber?._id).toBe(9);
  });

  test('a unique index treats a Decimal128 and a number of the same value as the same key', async () => {
    const coll = db.collection<Keyed>('unique_mixed_numbers');
    await coll.createIndex({ x: 1 }, { unique: true });
    await coll.insertOne({ _id: 1, x: 1 });
    const e = await caught(coll.insertOne({ _id: 2, x: Decimal128.fromString('1.00') }));
    expect(e.code).toBe(11000);
    await coll.insertOne({ _id: 3, x: Decimal128.fromString('0.1') });
    await coll.insertOne({ _id: 4, x: 0.1 });
    expect(await coll.countDocuments()).toBe(3);
  });

  test('collation strength 2 matches, counts and deletes case-insensitively; strength 1 ignores accents too', async () => {
    const coll = db.collection('collated_names');
    await coll.insertMany([
      { _id: 1, name: 'Zoë' },
      { _id: 2, name: 'zoe' },
      { _id: 3, name: 'ZOË' },
      { _id: 4, name: 'Ada' },
      { _id: 5, tags: ['Alpha', 'beta'] },
    ] as Document[]);
    await coll.createIndex({ name: 1 });
    const ids = (docs: Document[]) => docs.map((d) => d._id as number).sort();
    const caseless = { locale: 'en', strength: 2 } as const;
    const baseOnly = { locale: 'en', strength: 1 } as const;
    // Binary: only the exact string (the index answers).
    expect(ids(await coll.find({ name: 'zoe' }).toArray())).toEqual([2]);
    expect(ids(await coll.find({ name: 'zoë' }, { collation: caseless }).toArray())).toEqual([1, 3]);
    expect(ids(await coll.find({ name: 'zoe' }, { collation: baseOnly }).toArray())).toEqual([1, 2, 3]);
    expect(
      ids(await coll.find({ name: { $in: ['ADA', 'ZOE'] } }, { collation: caseless }).toArray()),
    ).toEqual([2, 4]);
    expect(ids(await coll.find({ name: { $ne: 'zoe' } }, { collation: baseOnly }).toArray())).toEqual([4, 5]);
    expect(ids(await coll.find({ tags: 'ALPHA' }, { collation: caseless }).toArray())).toEqual([5]);
    expect(await coll.countDocuments({ name: 'ZOE' }, { collation: baseOnly })).toBe(3);
    expect(await coll.countDocuments({ name: { $gte: 'b' } }, { collation: caseless })).toBe(3);
    const distinct = await coll.distinct('name', {}, { collation: baseOnly });
    expect(distinct).toHaveLength(2);
    expect(distinct[0]).toBe('Ada');
    expect((await coll.deleteMany({ name: 'ZOË' }, { collation: caseless })).deletedCount).toBe(2);
    expect(ids(await coll.find({}).toArray())).toEqual([2, 4, 5]);
  });

  test('collation orders strings by the locale in find, aggregate and sorted updates', async () => {
    const coll = db.collection('collated_order');
    await coll.insertMany([
      { _id: 1, w: 'banana', n: 10 },
      { _id: 2, w: 'Apple', n: 2 },
      { _id: 3, w: 'cherry', n: 1 },
      { _id: 4, w: 'apple', n: 5 },
      { _id: 5, w: 'item10', n: 0 },
      { _id: 6, w: 'item9', n: 0 },
    ] as Document[]);
    const binary = await coll.find({}, { sort: { w: 1 } }).toArray();
    expect(binary.map((d) => d.w)).toEqual(['Apple', 'apple', 'banana', 'cherry', 'item10', 'item9']);
    const en = await coll.find({}, { sort: { w: 1, _id: 1 }, collation: { locale: 'en' } }).toArray();
    expect(en.map((d) => d.w)).toEqual(['apple', 'Apple', 'banana', 'cherry', 'item10', 'item9']);
    const numeric = await coll
      .find({ w: /^item/ }, { sort: { w: 1 }, collation: { locale: 'en', numericOrdering: true } })
      .toArray();
    expect(numeric.map((d) => d.w)).toEqual(['item9', 'item10']);
    const upperFirst = await coll
      .find({ w: { $lt: 'b' } }, { sort: { w: 1 }, collation: { locale: 'en', caseFirst: 'upper' } })
      .toArray();
    expect(upperFirst.map((d) => d.w)).toEqual(['Apple', 'apple']);
    const agg = await coll
      .aggregate([{ $match: { w: 'APPLE' } }, { $sort: { n: -1 } }, { $project: { w: 1 } }], {
        collation: { locale: 'en', strength: 2 },
      })
      .toArray();
    expect(agg).toEqual([
      { _id: 4, w: 'apple' },
      { _id: 2, w: 'Apple' },
    ]);
    const updated = await coll.updateMany(
      { w: 'APPLE' },
      { $inc: { n: 1 } },
      { collation: { locale: 'en', strength: 2 } },
    );
    expect(updated.modifiedCount).toBe(2);
    const first = await coll.findOneAndUpdate(
      { w: { $in: ['BANANA', 'CHERRY'] } },
      { $set: { picked: true } },
      { sort: { n: 1 }, collation: { locale: 'en', strength: 2 }, returnDocument: 'after' },
    );
    expect(first).toMatchObject({ _id: 3, picked: true });
  });

  test('collation options the engine cannot honour exactly are refused by name; a bad locale is a bad value', async () => {
    const coll = db.collection('collation_refusals');
    await coll.insertOne({ w: 'a' });
    const bad = await caught(coll.find({}, { collation: { locale: 'no_such_locale_xx' } }).toArray());
    expect(bad.ok).toBe(0);
    const missing = await caught(coll.find({}, { collation: { strength: 2 } as never }).toArray());
    expect(missing.ok).toBe(0);
  });

  test('an unknown command fails with code 59 CommandNotFound', async () => {
    const e = await caught(db.command({ noSuchCommandHere: 1 }));
    expect(e.code).toBe(59);
    expect(e.codeName).toBe('CommandNotFound');
    expect(e.errmsg).toBe("no such command: 'noSuchCommandHere'");
  });
});

describe.each(targets)('%s through mongoose', (_name, start) => {
  let target: Target;
  let conn: mongoose.Connection;
  let dbName: string;

  const userSchema = new mongoose.Schema({
    email: { type: String, required: true, unique: true },
    name: String,
  });
  const taskSchema = new mongoose.Schema({ title: String, status: { type: String, default: 'not_started' } });
  const ventureSchema = new mongoose.Schema(
    {
      name: { type: String, required: true },
      owner: { type: mongoose.Schema.Types.ObjectId, ref: 'User', required: true },
      dueAt: Date,
      tasks: [taskSchema],
    },
    { timestamps: true },
  );
  ventureSchema.index({ owner: 1, name: 1 }, { unique: true });

  let User: mongoose.Model<mongoose.InferSchemaType<typeof userSchema>>;
  let Venture: mongoose.Model<mongoose.InferSchemaType<typeof ventureSchema>>;

  beforeAll(async () => {
    target = await start();
    dbName = uniqueDbName('conf_mongoose');
    conn = await mongoose.createConnection(target.url, { dbName }).asPromise();
    User = conn.model('User', userSchema);
    Venture = conn.model('Venture', ventureSchema);
    await User.init();
    await Venture.init();
  });

  afterAll(async () => {
    await conn?.dropDatabase().catch(() => {});
    await conn?.close();
    await target?.stop();
  });

  async function newVenture(name: string) {
    const owner = await User.create({
      email: `${name.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`,
      name,
    });
    const venture = await Venture.create({
      name,
      owner: owner._id,
      dueAt: new Date(Date.UTC(2025, 5, 1)),
      tasks: Array.from({ length: 50 }, (_, i) => ({ title: `Task ${i + 1}` })),
    });
    return { owner, venture };
  }

  test('a duplicate key is a mongoose.mongo.MongoServerError with code 11000, errmsg and keyValue', async () => {
    await User.create({ email: 'dup@example.com' });
    let error: unknown;
    try {
      await User.create({ email: 'dup@example.com' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(mongoose.mongo.MongoServerError);
    const e = error as InstanceType<typeof mongoose.mongo.MongoServerError>;
    expect(e.code).toBe(11000);
    expect(e.errmsg).toBe(dupMessage(dbName, 'users', 'email_1', '{ email: "dup@example.com" }'));
    expect(e.keyValue).toEqual({ email: 'dup@example.com' });
  });

  test('a venture with 50 tasks: one task is updated by positional $ and another by arrayFilters', async () => {
    const { venture } = await newVenture('Positional');
    const t3 = venture.tasks[3]!._id;
    const t4 = venture.tasks[4]!._id;
    await Venture.updateOne(
      { _id: venture._id, 'tasks._id': t3 },
      { $set: { 'tasks.$.status': 'completed' } },
    );
    await Venture.updateOne(
      { _id: venture._id },
      { $set: { 'tasks.$[task].status': 'in_progress' } },
      { arrayFilters: [{ 'task._id': t4 }] },
    );
    const doc = await Venture.findById(venture._id).lean();
    expect(doc!.tasks).toHaveLength(50);
    expect(doc!.tasks[3]!.status).toBe('completed');
    expect(doc!.tasks[4]!.status).toBe('in_progress');
    expect(doc!.tasks.filter((t) => t.status === 'not_started')).toHaveLength(48);
  });

  test('findOneAndUpdate with {new: true} returns the updated document, and populate resolves the owner', async () => {
    const { owner, venture } = await newVenture('Populated');
    const updated = await Venture.findOneAndUpdate(
      { _id: venture._id },
      { $set: { name: 'Populated 2' } },
      { returnDocument: 'after' },
    )
      .populate<{ owner: { email: string } }>('owner')
      .lean();
    expect(updated!.name).toBe('Populated 2');
    expect(updated!.owner.email).toBe(owner.email);
    const viaNew = await Venture.findOneAndUpdate({ _id: venture._id }, { $set: { name: 'Populated 3' } }, {
      new: true,
    } as mongoose.QueryOptions);
    expect(viaNew!.name).toBe('Populated 3');
  });

  test('countDocuments, aggregate, ObjectId and Date queries agree', async () => {
    const { owner } = await newVenture('Counted');
    await Venture.create({ name: 'Counted B', owner: owner._id, dueAt: new Date(Date.UTC(2030, 0, 1)) });
    expect(await Venture.countDocuments({ owner: owner._id })).toBe(2);
    expect(await Venture.countDocuments({ owner: owner._id.toHexString() })).toBe(2);
    expect(
      await Venture.countDocuments({ owner: owner._id, dueAt: { $gt: new Date(Date.UTC(2026, 0, 1)) } }),
    ).toBe(1);
    const found = await Venture.find({ owner: { $in: [owner._id] } })
      .sort({ dueAt: -1 })
      .lean();
    expect(found.map((v) => v.name)).toEqual(['Counted B', 'Counted']);
    const agg = await Venture.aggregate<{ _id: null; tasks: number }>([
      { $match: { owner: owner._id } },
      { $project: { n: { $size: '$tasks' } } },
      { $group: { _id: null, tasks: { $sum: '$n' } } },
    ]);
    expect(agg).toEqual([{ _id: null, tasks: 50 }]);
  });

  test('the compound unique index from the schema rejects a second venture with the same owner and name', async () => {
    const { owner } = await newVenture('Unique');
    let error: unknown;
    try {
      await Venture.create({ name: 'Unique', owner: owner._id });
    } catch (e) {
      error = e;
    }
    const e = error as InstanceType<typeof mongoose.mongo.MongoServerError>;
    expect(e).toBeInstanceOf(mongoose.mongo.MongoServerError);
    expect(e.code).toBe(11000);
    expect(e.keyValue).toEqual({ owner: owner._id, name: 'Unique' });
    expect(e.errmsg).toBe(
      dupMessage(
        dbName,
        'ventures',
        'owner_1_name_1',
        `{ owner: ObjectId('${owner._id.toHexString()}'), name: "Unique" }`,
      ),
    );
  });

  test('bulkWrite through the model applies every operation', async () => {
    const { venture } = await newVenture('Bulk');
    const r = await Venture.bulkWrite([
      { updateOne: { filter: { _id: venture._id }, update: { $set: { name: 'Bulk 2' } } } },
      { deleteMany: { filter: { name: 'never' } } },
    ]);
    expect(r.modifiedCount).toBe(1);
    expect((await Venture.findById(venture._id).lean())!.name).toBe('Bulk 2');
  });
});

describe('embedded engine specifics', () => {
  let target: Target;
  let client: MongoClient;

  beforeAll(async () => {
    target = await startEmbeddedMongo();
    client = await new MongoClient(target.url).connect();
  });
  afterAll(async () => {
    await client?.close();
    await target?.stop();
  });

  test('transactions are refused with IllegalOperation, like a standalone mongod, and nothing is written', async () => {
    const coll = client.db('txn').collection('t');
    const session = client.startSession();
    try {
      session.startTransaction();
      // The driver wraps the server's answer in its "does not support retryable writes" error.
      const e = await caught(coll.insertOne({ a: 1 }, { session }));
      const original = (e as unknown as { originalError?: MongoServerError }).originalError ?? e;
      expect(original.code).toBe(20);
      expect(original.errmsg).toBe('Transaction numbers are only allowed on a replica set member or mongos');
    } finally {
      await session.abortTransaction().catch(() => {});
      await session.endSession();
    }
    const raw = await caught(
      client.db('txn').command({
        insert: 't',
        documents: [{ a: 2 }],
        txnNumber: 1,
        autocommit: false,
        startTransaction: true,
      }),
    );
    expect([raw.code, raw.codeName]).toEqual([20, 'IllegalOperation']);
    expect(await coll.countDocuments()).toBe(0);
  });

  test('$set and $addFields refuse by name what mingo would write differently: dotted paths through arrays, nested field specifications', async () => {
    const coll = client.db('loud_set').collection<Keyed>('c');
    await coll.insertOne({ _id: 1, b: { c: 2 }, items: [{ x: 1 }] });
    const throughArray = await caught(coll.aggregate([{ $set: { 'items.seen': true } }]).toArray());
    expect(throughArray.codeName).toBe('NotImplemented');
    expect(throughArray.message).toBe(
      "$set of 'items.seen' through an array is not supported by the embedded engine",
    );
    // After a stage that unwinds the array, the same path meets documents only.
    expect(
      await coll.aggregate([{ $unwind: '$items' }, { $addFields: { 'items.seen': true } }]).toArray(),
    ).toEqual([{ _id: 1, b: { c: 2 }, items: { x: 1, seen: true } }]);
    const nested = await caught(coll.updateOne({ _id: 1 }, [{ $set: { b: { e: 1 } } }]));
    expect(nested.code).toBe(238);
    expect(nested.message).toContain("nested field specification ('b': { ... })");
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, b: { c: 2 }, items: [{ x: 1 }] });
    // Dotted paths through embedded documents and expressions stay supported.
    await coll.updateOne({ _id: 1 }, [{ $set: { 'b.e': 1, f: { $literal: { g: 1 } } } }]);
    expect(await coll.findOne({ _id: 1 })).toEqual({
      _id: 1,
      b: { c: 2, e: 1 },
      items: [{ x: 1 }],
      f: { g: 1 },
    });
  });

  test('$elemMatch over values is refused by name on an array holding arrays, which mingo would look into', async () => {
    const coll = client.db('loud_elem').collection<Keyed>('c');
    await coll.insertMany([
      { _id: 1, s: [1, 2] },
      { _id: 2, s: [3] },
    ]);
    const ids = async (filter: Document) =>
      (await coll.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
    expect(await ids({ s: { $elemMatch: { $gt: 1, $lt: 3 } } })).toEqual([1]);
    expect(await ids({ s: { $all: [{ $elemMatch: { $gt: 2 } }] } })).toEqual([2]);
    await coll.insertOne({ _id: 3, s: [[1, 2]] });
    const nested = await caught(coll.find({ s: { $elemMatch: { $gt: 1 } } }).toArray());
    expect(nested.codeName).toBe('NotImplemented');
    expect(nested.message).toBe(
      '$elemMatch of values over an array holding arrays is not supported by the embedded engine',
    );
  });

  test('unsupported stages, operators and options fail loudly instead of answering wrongly', async () => {
    const coll = client.db('loud').collection('c');
    await coll.insertOne({ a: 1 });
    const graph = await caught(
      coll
        .aggregate([
          {
            $graphLookup: { from: 'c', startWith: '$a', connectFromField: 'a', connectToField: 'a', as: 'g' },
          },
        ])
        .toArray(),
    );
    expect(graph.codeName).toBe('NotImplemented');
    const unknown = await caught(coll.aggregate([{ $bogus: {} }]).toArray());
    expect(unknown.code).toBe(40324);
    const where = await caught(coll.find({ $where: 'true' }).toArray());
    expect(where.codeName).toBe('NotImplemented');
    const shifted = await caught(
      coll.find({}, { collation: { locale: 'fr', alternate: 'shifted' } }).toArray(),
    );
    expect(shifted.codeName).toBe('NotImplemented');
    expect(shifted.message).toContain('alternate');
    const quaternary = await caught(coll.find({}, { collation: { locale: 'fr', strength: 4 } }).toArray());
    expect(quaternary.codeName).toBe('NotImplemented');
    const grouped = await caught(
      coll.aggregate([{ $group: { _id: '$a' } }], { collation: { locale: 'fr', strength: 1 } }).toArray(),
    );
    expect(grouped.codeName).toBe('NotImplemented');
    expect(grouped.message).toContain('$group');
    const op = await caught(coll.find({ a: { $bogusOp: 1 } }).toArray());
    expect(op.code).toBe(2);
  });

  test('$mod, the $bits operators, $expr and computing aggregation stages over Decimal128 values are refused by name instead of answering wrongly', async () => {
    const coll = client.db('loud').collection<Keyed>('decimals');
    await coll.insertMany([
      { _id: 1, d: Decimal128.fromString('9.5'), n: 4 },
      { _id: 2, d: Decimal128.fromString('10'), n: 5 },
    ]);
    const mod = await caught(coll.find({ d: { $mod: [2, 0] } }).toArray());
    expect([mod.codeName, mod.message]).toEqual([
      'NotImplemented',
      '$mod over Decimal128 or 64-bit integer values beyond 2^53 is not supported by the embedded engine',
    ]);
    const bits = await caught(coll.find({ d: { $bitsAllSet: 2 } }).toArray());
    expect(bits.message).toContain('$bitsAllSet');
    const expr = await caught(coll.find({ $expr: { $gt: ['$d', 9] } }).toArray());
    expect([expr.codeName, expr.message]).toEqual([
      'NotImplemented',
      '$expr over Decimal128 or 64-bit integer values beyond 2^53 is not supported by the embedded engine',
    ]);
    const operand = await caught(coll.find({ n: { $mod: [Decimal128.fromString('2'), 0] } }).toArray());
    expect(operand.codeName).toBe('NotImplemented');
    expect(operand.message).toContain('supported in comparisons');
    const sum = await caught(coll.aggregate([{ $group: { _id: null, t: { $sum: '$d' } } }]).toArray());
    expect([sum.codeName, sum.message]).toEqual([
      'NotImplemented',
      'the $group stage over Decimal128 or 64-bit integer values beyond 2^53 is not supported by the embedded engine',
    ]);
    const orders = client.db('loud').collection('decimal_orders');
    await orders.insertOne({ k: 10 });
    const lookup = await caught(
      orders
        .aggregate([{ $lookup: { from: 'decimals', localField: 'k', foreignField: 'd', as: 'j' } }])
        .toArray(),
    );
    expect(lookup.message).toContain('$lookup');
    // On fields holding plain numbers they answer as before; matching, counting and sorting stay exact.
    expect(await coll.countDocuments({ n: { $mod: [2, 0] } })).toBe(1);
    expect(await coll.countDocuments({ d: { $gt: 9 } })).toBe(2);
    const sorted = await coll
      .aggregate([
        { $match: { d: { $gte: 9 } } },
        { $sort: { d: -1 } },
        { $project: { d: 0 } },
        { $limit: 1 },
      ])
      .toArray();
    expect(sorted).toEqual([{ _id: 2, n: 5 }]);
  });
});

describe('embedded engine TTL indexes', () => {
  test('documents whose TTL-indexed date has passed are deleted by the TTL monitor; others stay', async () => {
    const mongo = await startEmbeddedMongo({ ttlMonitorSleepSecs: 0.05 });
    const client = await new MongoClient(mongo.url).connect();
    try {
      const coll = client.db('ttl').collection('tokens');
      await coll.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      await coll.insertMany([
        { _id: 'past', expiresAt: new Date(Date.now() - 1000) },
        { _id: 'future', expiresAt: new Date(Date.now() + 3_600_000) },
        { _id: 'not a date', expiresAt: 'tomorrow' },
        { _id: 'no field' },
      ] as never);
      const deadline = Date.now() + 5000;
      while ((await coll.countDocuments()) > 3 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect((await coll.find({}).toArray()).map((d) => d._id).sort()).toEqual([
        'future',
        'no field',
        'not a date',
      ]);
      const [index] = (await coll.listIndexes().toArray()).filter((i) => i.name === 'expiresAt_1');
      expect(index!.expireAfterSeconds).toBe(0);
      const compound = await caught(coll.createIndex({ a: 1, b: 1 }, { expireAfterSeconds: 5 }));
      expect(compound.code).toBe(67);
    } finally {
      await client.close();
      await mongo.stop();
    }
  });
});

describe('embedded engine fail points (enableTestCommands)', () => {
  let target: Target;
  let client: MongoClient;

  beforeAll(async () => {
    target = await startEmbeddedMongo({ enableTestCommands: true });
    client = await new MongoClient(target.url, {
      retryReads: false,
      retryWrites: false,
      appName: 'fp-tests',
    }).connect();
  });
  afterAll(async () => {
    await client?.close();
    await target?.stop();
  });

  const admin = () => client.db('admin');

  test('without enableTestCommands, configureFailPoint is an unknown command as on a plain mongod', async () => {
    const plain = await startEmbeddedMongo();
    const other = await new MongoClient(plain.url).connect();
    try {
      const e = await caught(other.db('admin').command({ configureFailPoint: 'failCommand', mode: 'off' }));
      expect(e.code).toBe(59);
    } finally {
      await other.close();
      await plain.stop();
    }
  });

  test('failCommand with times: 1 fails the named command once with the error code, then lets it through', async () => {
    const coll = client.db('fp').collection('counted');
    await coll.insertMany([{ a: 1 }, { a: 2 }]);
    await admin().command({
      configureFailPoint: 'failCommand',
      mode: { times: 1 },
      data: { failCommands: ['count'], errorCode: 8 },
    });
    const e = await caught(coll.estimatedDocumentCount());
    expect(e.code).toBe(8);
    expect(e.codeName).toBe('UnknownError');
    expect(await coll.estimatedDocumentCount()).toBe(2);
  });

  test('closeConnection drops the connection instead of answering; the next command gets a fresh one', async () => {
    const coll = client.db('fp').collection('closed');
    await coll.insertOne({ a: 1 });
    await admin().command({
      configureFailPoint: 'failCommand',
      mode: { times: 1 },
      data: { failCommands: ['find'], closeConnection: true },
    });
    await expect(coll.findOne({})).rejects.toThrow();
    expect(await coll.findOne({}, { projection: { _id: 0 } })).toEqual({ a: 1 });
  });

  test('appName limits the fail point to one client; alwaysOn lasts until mode off; writeConcernError rides on a success', async () => {
    const coll = client.db('fp').collection('named');
    await admin().command({
      configureFailPoint: 'failCommand',
      mode: 'alwaysOn',
      data: { failCommands: ['insert'], errorCode: 91, appName: 'someone-else' },
    });
    await coll.insertOne({ a: 1 });
    await admin().command({
      configureFailPoint: 'failCommand',
      mode: 'alwaysOn',
      data: { failCommands: ['insert'], errorCode: 91, appName: 'fp-tests' },
    });
    expect((await caught(coll.insertOne({ a: 2 }))).code).toBe(91);
    expect((await caught(coll.insertOne({ a: 3 }))).code).toBe(91);
    await admin().command({ configureFailPoint: 'failCommand', mode: 'off' });
    await admin().command({
      configureFailPoint: 'failCommand',
      mode: { times: 1 },
      data: { failCommands: ['insert'], writeConcernError: { code: 100, errmsg: 'write concern failed' } },
    });
    const wce = await caught(coll.insertOne({ a: 4 }));
    expect(wce.code).toBe(100);
    expect(await coll.countDocuments()).toBe(2);
    const notAdmin = await caught(
      client.db('fp').command({ configureFailPoint: 'failCommand', mode: 'off' }),
    );
    expect(notAdmin.code).toBe(13);
  });
});
