import { ObjectId } from 'bson';
import { decodeRecords, encodeRecord } from '../src/storage/journal.ts';
import { candidateIds, explainPlan, find } from '../src/storage/query.ts';
import { Store } from '../src/storage/store.ts';
import { keyOf, valuesAtPath } from '../src/storage/values.ts';

describe('journal records', () => {
  test('records round-trip, and decoding stops at a torn or corrupt tail', () => {
    const a = encodeRecord({ op: 'put', db: 'd', c: 'c', doc: { _id: 1 } });
    const b = encodeRecord({ op: 'del', db: 'd', c: 'c', id: 1 });
    expect(decodeRecords(Buffer.concat([a, b]))).toEqual({
      records: [
        { op: 'put', db: 'd', c: 'c', doc: { _id: 1 } },
        { op: 'del', db: 'd', c: 'c', id: 1 },
      ],
      validLength: a.length + b.length,
    });
    expect(decodeRecords(Buffer.concat([a, b.subarray(0, b.length - 1)])).validLength).toBe(a.length);
    const corrupt = Buffer.from(b);
    corrupt[corrupt.length - 2] = corrupt[corrupt.length - 2]! ^ 0xff;
    expect(decodeRecords(Buffer.concat([a, corrupt])).records).toHaveLength(1);
    expect(decodeRecords(Buffer.concat([a, Buffer.from([1, 2, 3])])).validLength).toBe(a.length);
  });
});

describe('index lookups', () => {
  function usersWithIndexes() {
    const { store } = Store.open();
    const coll = store.ensureCollection('app', 'users');
    coll.createIndex({ v: 2, key: { email: 1 }, name: 'email_1', unique: true });
    coll.createIndex({ v: 2, key: { org: 1 }, name: 'org_1' });
    coll.createIndex({ v: 2, key: { org: 1, role: 1 }, name: 'org_role' });
    const ids = Array.from({ length: 1000 }, () => new ObjectId());
    ids.forEach((_id, i) =>
      coll.insert({ _id, email: `u${i}@x.io`, org: `o${i % 10}`, role: i % 2 ? 'a' : 'b', tags: [`t${i}`] }),
    );
    return { coll, ids };
  }

  test('equality on _id, on an indexed field, within $in and ANDed with other conditions reads the index, not every document', () => {
    const { coll, ids } = usersWithIndexes();
    expect([...candidateIds(coll, { _id: ids[5] })!]).toEqual([keyOf(ids[5])]);
    expect([...candidateIds(coll, { _id: { $in: [ids[1], ids[2]] }, age: { $gt: 3 } })!]).toHaveLength(2);
    expect([...candidateIds(coll, { email: 'u7@x.io', age: { $gt: 3 } })!]).toEqual([keyOf(ids[7])]);
    expect([...candidateIds(coll, { $and: [{ name: /x/ }, { email: { $eq: 'u8@x.io' } }] })!]).toEqual([
      keyOf(ids[8]),
    ]);
    expect([...candidateIds(coll, { email: { $in: ['u1@x.io', 'nobody'] } })!]).toHaveLength(1);
    expect([...candidateIds(coll, { org: 'o3' })!]).toHaveLength(100);
    expect([...candidateIds(coll, { org: 'o3', role: 'a' })!]).toHaveLength(100);
  });

  test('replacing a document moves only the index keys that changed (a multikey index over embedded tasks)', () => {
    const { store } = Store.open();
    const coll = store.ensureCollection('app', 'ventures');
    coll.createIndex({ v: 2, key: { 'tasks._id': 1 }, name: 'tasks._id_1' });
    const taskIds = [new ObjectId(), new ObjectId(), new ObjectId()];
    const _id = new ObjectId();
    coll.insert({ _id, tasks: taskIds.map((t, i) => ({ _id: t, status: i ? 'todo' : 'done' })) });
    const idsBefore = coll.indexes.find((i) => i.name === 'tasks._id_1')!.map.get(keyOf(taskIds[1]));
    // A status change keeps every task id: the same key entries stay (not deleted and re-created).
    coll.replace(keyOf(_id), { _id, tasks: taskIds.map((t) => ({ _id: t, status: 'done' })) });
    const tasksIndex = coll.indexes.find((i) => i.name === 'tasks._id_1')!;
    expect(tasksIndex.map.get(keyOf(taskIds[1]))).toBe(idsBefore);
    // A task removed leaves the index; one added joins it.
    const added = new ObjectId();
    coll.replace(keyOf(_id), { _id, tasks: [{ _id: taskIds[0] }, { _id: added }] });
    expect([...candidateIds(coll, { 'tasks._id': taskIds[2] })!]).toEqual([]);
    expect([...candidateIds(coll, { 'tasks._id': added })!]).toEqual([keyOf(_id)]);
    expect([...candidateIds(coll, { 'tasks._id': taskIds[0] })!]).toEqual([keyOf(_id)]);
  });

  test('conditions an index cannot answer fall back to a scan', () => {
    const { coll } = usersWithIndexes();
    expect(candidateIds(coll, {})).toBeNull();
    expect(candidateIds(coll, { email: /u1/ })).toBeNull();
    // A range on a field without a single-field index, or with operators an index cannot serve.
    expect(candidateIds(coll, { role: { $gt: 'a' } })).toBeNull();
    expect(candidateIds(coll, { email: { $gt: 'u', $ne: 'u1@x.io' } })).toBeNull();
    expect(candidateIds(coll, { email: { $gt: 'u', $lt: 5 } })).toBeNull();
    expect(candidateIds(coll, { tags: 't1' })).toBeNull();
    expect(candidateIds(coll, { $or: [{ email: 'u1@x.io' }, { email: 'u2@x.io' }] })).toBeNull();
  });

  test('a string or number range on a single-field index walks its keys (multikey too), by MongoDB type bracketing', () => {
    const { store } = Store.open();
    const coll = store.ensureCollection('app', 'ventures');
    coll.createIndex({ v: 2, key: { 'tasks.next': 1 }, name: 'tasks.next_1' });
    coll.insert({ _id: 1, tasks: [{ next: '2027-03-01' }, { next: null }] });
    coll.insert({ _id: 2, tasks: [{ next: '2027-03-10' }, { next: '2027-04-01' }] });
    coll.insert({ _id: 3, tasks: [{ next: null }] });
    coll.insert({ _id: 4, tasks: [{ next: 20270301 }] });
    coll.insert({ _id: 5, tasks: [] });
    const ids = (filter: Record<string, unknown>) => [...candidateIds(coll, filter)!].sort();
    expect(ids({ 'tasks.next': { $lte: '2027-03-05' } })).toEqual([keyOf(1)]);
    expect(ids({ 'tasks.next': { $lte: '2027-03-10' }, deletedAt: null })).toEqual([keyOf(1), keyOf(2)]);
    expect(ids({ 'tasks.next': { $gt: '2027-03-10' } })).toEqual([keyOf(2)]);
    expect(ids({ 'tasks.next': { $gte: '2027-03-02', $lt: '2027-03-11' } })).toEqual([keyOf(2)]);
    // Numbers only match numbers; strings only strings; null never.
    expect(ids({ 'tasks.next': { $gt: 0 } })).toEqual([keyOf(4)]);
    // Candidates are still tested: the answer is MongoDB's.
    expect(find(coll, { 'tasks.next': { $lte: '2027-03-10' } }, {}).map((d) => d._id)).toEqual([1, 2]);
    // The index follows changes.
    coll.replace(keyOf(1), { _id: 1, tasks: [{ next: '2027-05-01' }] });
    expect(ids({ 'tasks.next': { $lte: '2027-03-05' } })).toEqual([]);
    coll.remove(keyOf(2));
    expect(ids({ 'tasks.next': { $lte: '2027-12-31' } })).toEqual([keyOf(1)]);
  });

  test('explain names the plan find uses: IXSCAN with its bounds under FETCH, or COLLSCAN', () => {
    const { coll } = usersWithIndexes();
    expect(explainPlan(coll, { email: { $lte: 'u2' }, role: 'a' })).toMatchObject({
      stage: 'FETCH',
      inputStage: { stage: 'IXSCAN', indexName: 'email_1', indexBounds: { email: { $lte: 'u2' } } },
    });
    expect(explainPlan(coll, { org: 'o1' })).toMatchObject({ stage: 'IXSCAN', indexName: 'org_1' });
    // The smallest candidate set wins: a narrow range over an equality that 100 documents share.
    expect(explainPlan(coll, { org: 'o0', email: { $lte: 'u1' } })).toMatchObject({
      stage: 'FETCH',
      inputStage: { indexName: 'email_1', keysExamined: 1 },
    });
    expect(explainPlan(coll, { tags: 't1' })).toMatchObject({ stage: 'COLLSCAN' });
  });

  test('indexes follow updates and deletes', () => {
    const { coll, ids } = usersWithIndexes();
    const id = keyOf(ids[0]);
    coll.replace(id, { _id: ids[0], email: 'changed@x.io', org: 'o0', role: 'b' });
    expect([...candidateIds(coll, { email: 'u0@x.io' })!]).toEqual([]);
    expect([...candidateIds(coll, { email: 'changed@x.io' })!]).toEqual([id]);
    coll.remove(id);
    expect([...candidateIds(coll, { email: 'changed@x.io' })!]).toEqual([]);
    expect(coll.docs.size).toBe(999);
  });

  test('keys treat numbers of any BSON type alike and distinguish strings from numbers and ObjectIds', () => {
    const oid = new ObjectId();
    expect(keyOf(1)).toBe(keyOf(1.0));
    expect(keyOf('1')).not.toBe(keyOf(1));
    expect(keyOf(oid)).toBe(keyOf(new ObjectId(oid.toHexString())));
    expect(keyOf(oid)).not.toBe(keyOf(oid.toHexString()));
    expect(keyOf(null)).toBe(keyOf(undefined));
    expect(keyOf({ a: 1, b: 2 })).not.toBe(keyOf({ b: 2, a: 1 }));
    expect(keyOf(new Date(5))).toBe(keyOf(new Date(5)));
  });
});

describe('document limits', () => {
  test('a document nested deeper than 100 levels is refused with code 15', () => {
    const { store } = Store.open();
    const coll = store.ensureCollection('app', 'deep');
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 100; i++) deep = { d: deep };
    expect(() => coll.insert({ _id: 1, deep })).toThrow(expect.objectContaining({ code: 15 }));
    let ok: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 90; i++) ok = { d: ok };
    coll.insert({ _id: 2, ok });
    expect(coll.docs.size).toBe(1);
  });
});

describe('values at a path', () => {
  test('arrays are traversed, and a numeric component is a position', () => {
    const doc = { a: [{ b: 1 }, { c: 2 }, { b: [3, 4] }], o: [{ at: 5 }, { at: 6 }] };
    expect(valuesAtPath(doc, ['a', 'b'])).toEqual([1, undefined, [3, 4]]);
    expect(valuesAtPath(doc, ['o', '0', 'at'])).toEqual([5]);
    expect(valuesAtPath({ o: [] }, ['o', '0', 'at'])).toEqual([undefined]);
    expect(valuesAtPath({ x: 1 }, ['x', 'y'])).toEqual([undefined]);
  });
});

describe('journal compaction', () => {
  test('a reopened store holds exactly the live state, and compaction shrinks the journal', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-compact-'));
    try {
      const { store } = Store.open(dir);
      const coll = store.ensureCollection('app', 'c');
      coll.createIndex({ v: 2, key: { k: 1 }, name: 'k_1', unique: true });
      for (let i = 0; i < 200; i++) coll.insert({ _id: i, k: i, pad: 'x'.repeat(100) });
      for (let i = 0; i < 150; i++) coll.remove(keyOf(i));
      coll.replace(keyOf(199), { _id: 199, k: -1 });
      const before = store.journalSize;
      store.compact();
      expect(store.journalSize).toBeLessThan(before / 2);
      store.close();

      const reopened = Store.open(dir).store;
      const again = reopened.getCollection('app', 'c')!;
      expect(again.docs.size).toBe(50);
      expect(again.docs.get(keyOf(199))).toEqual({ _id: 199, k: -1 });
      expect(again.indexes.map((i) => i.name)).toEqual(['k_1']);
      expect(() => again.insert({ _id: 'new', k: -1 })).toThrow(/E11000/);
      reopened.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
