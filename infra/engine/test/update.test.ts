import { ObjectId } from 'bson';
import { MongoError } from '../src/errors.ts';
import { applyUpdate, buildUpsert, validateUpdate } from '../src/storage/update.ts';
import type { Doc } from '../src/storage/values.ts';

function update(doc: Doc, u: Doc | Doc[], filter: Doc = {}, arrayFilters?: Doc[]): Doc {
  validateUpdate(u, arrayFilters);
  return applyUpdate(doc, u, { filter, arrayFilters, isInsert: false });
}

function failure(fn: () => unknown): MongoError {
  try {
    fn();
  } catch (e) {
    if (e instanceof MongoError) return e;
    throw e;
  }
  throw new Error('expected a MongoError');
}

describe('update operators', () => {
  const id = new ObjectId('65a1b2c3d4e5f60718293a4b');

  test('the stored document is never mutated; a new one is returned', () => {
    const doc = { _id: id, a: { b: 1 }, list: [1] };
    const next = update(doc, { $set: { 'a.b': 2 }, $push: { list: 2 } });
    expect(doc).toEqual({ _id: id, a: { b: 1 }, list: [1] });
    expect(next).toEqual({ _id: id, a: { b: 2 }, list: [1, 2] });
  });

  test('$set, $unset, $inc, $mul, $min, $max, $rename and $currentDate', () => {
    const next = update(
      { _id: 1, a: 1, b: 2, c: 5, d: 5, old: 'x', gone: true },
      {
        $set: { 'n.deep': 1 },
        $unset: { gone: '' },
        $inc: { a: 2, fresh: 3 },
        $mul: { b: 3 },
        $min: { c: 1 },
        $max: { d: 1 },
        $rename: { old: 'renamed' },
        $currentDate: { at: true },
      },
    );
    expect(next).toMatchObject({ _id: 1, a: 3, b: 6, c: 1, d: 5, n: { deep: 1 }, fresh: 3, renamed: 'x' });
    expect(next.gone).toBeUndefined();
    expect(next.old).toBeUndefined();
    expect(next.at).toBeInstanceOf(Date);
  });

  test('$push modifiers, $addToSet, $pull with a condition, $pullAll and $pop', () => {
    const next = update(
      { _id: 1, p: [3, 1], s: ['a'], q: [{ k: 1 }, { k: 2 }, { k: 3 }], r: [1, 2, 1], t: [1, 2, 3] },
      {
        $push: { p: { $each: [2, 5], $sort: 1, $slice: 3 } },
        $addToSet: { s: { $each: ['a', 'b'] } },
        $pull: { q: { k: { $gte: 2 } } },
        $pullAll: { r: [1] },
        $pop: { t: -1 },
      },
    );
    expect(next).toEqual({ _id: 1, p: [1, 2, 3], s: ['a', 'b'], q: [{ k: 1 }], r: [2], t: [2, 3] });
  });

  test('positional $, $[] and $[<id>] with arrayFilters target the right elements', () => {
    const doc = {
      _id: 1,
      tasks: [
        { id: 1, s: 'a' },
        { id: 2, s: 'a' },
        { id: 3, s: 'b' },
      ],
    };
    expect(update(doc, { $set: { 'tasks.$.s': 'x' } }, { 'tasks.id': 2 }).tasks).toEqual([
      { id: 1, s: 'a' },
      { id: 2, s: 'x' },
      { id: 3, s: 'b' },
    ]);
    expect(
      update(doc, { $set: { 'tasks.$.s': 'x' } }, { tasks: { $elemMatch: { s: 'b' } } }).tasks[2].s,
    ).toBe('x');
    expect(update(doc, { $set: { 'tasks.$[].s': 'z' } }).tasks.map((t: Doc) => t.s)).toEqual(['z', 'z', 'z']);
    const filtered = update(doc, { $set: { 'tasks.$[t].s': 'y' } }, {}, [{ 't.s': 'a' }]);
    expect(filtered.tasks.map((t: Doc) => t.s)).toEqual(['y', 'y', 'b']);
  });

  test('type errors fail like MongoDB instead of being skipped', () => {
    const doc = { _id: id, name: 'text', n: 1, arr: [] };
    const inc = failure(() => update(doc, { $inc: { name: 1 } }));
    expect([inc.code, inc.codeName]).toEqual([14, 'TypeMismatch']);
    expect(inc.message).toBe(
      "Cannot apply $inc to a value of non-numeric type. {_id: ObjectId('65a1b2c3d4e5f60718293a4b')} has the field 'name' of non-numeric type string",
    );
    const push = failure(() => update(doc, { $push: { name: 'x' } }));
    expect([push.code, push.codeName]).toEqual([2, 'BadValue']);
    expect(push.message).toBe(
      "The field 'name' must be an array but is of type string in document {_id: ObjectId('65a1b2c3d4e5f60718293a4b')}",
    );
    expect(failure(() => update(doc, { $inc: { n: 'x' } })).code).toBe(14);
    expect(failure(() => update(doc, { $set: { _id: new ObjectId() } })).code).toBe(66);
    expect(failure(() => update(doc, { _id: new ObjectId(), x: 1 })).code).toBe(66);
    expect(failure(() => update(doc, { $set: { 'name.first': 'a' } })).code).toBe(28);
    expect(failure(() => update(doc, { $set: { a: 1 }, $unset: { 'a.b': 1 } })).code).toBe(40);
    expect(failure(() => update(doc, { $foo: { a: 1 } })).code).toBe(9);
    expect(failure(() => update(doc, { $set: { 'arr.$[x]': 1 } })).code).toBe(2);
    expect(failure(() => update(doc, { $set: { arr: 1 } }, {}, [{ x: 1 }])).code).toBe(9);
    expect(failure(() => update(doc, { $set: { 'arr.$': 1 } })).code).toBe(2);
  });

  test('setting _id to its current value is allowed', () => {
    expect(update({ _id: id, a: 1 }, { $set: { _id: new ObjectId(id.toHexString()), a: 2 } })).toEqual({
      _id: id,
      a: 2,
    });
  });

  test('an upsert starts from the equality conditions and applies $setOnInsert only then', () => {
    const doc = buildUpsert(
      { name: 'x', 'meta.kind': 'k', n: { $gt: 1 } },
      { $set: { a: 1 }, $setOnInsert: { created: true } },
      undefined,
    );
    expect(doc._id).toBeInstanceOf(ObjectId);
    expect(doc).toMatchObject({ name: 'x', meta: { kind: 'k' }, a: 1, created: true });
    expect(doc.n).toBeUndefined();
    expect(Object.keys(doc)[0]).toBe('_id');
    expect(update({ _id: 1 }, { $setOnInsert: { created: true } })).toEqual({ _id: 1 });
    expect(buildUpsert({ _id: 5 }, { v: 1 }, undefined)).toEqual({ _id: 5, v: 1 });
  });
});
