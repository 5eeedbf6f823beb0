import { Long, ObjectId } from 'bson';
import { duplicateKeyError } from '../src/storage/store.ts';
import { renderObject } from '../src/storage/values.ts';

describe('duplicate key errors', () => {
  test('the message names the namespace and index and renders values like the mongo shell', () => {
    const e = duplicateKeyError('auth.users', 'email_1', {
      keyPattern: { email: 1 },
      keyValue: { email: 'ada@example.com' },
    });
    expect(e.code).toBe(11000);
    expect(e.codeName).toBe('DuplicateKey');
    expect(e.message).toBe(
      'E11000 duplicate key error collection: auth.users index: email_1 dup key: { email: "ada@example.com" }',
    );
    expect(e.toWriteError(3)).toEqual({
      index: 3,
      code: 11000,
      errmsg: e.message,
      keyPattern: { email: 1 },
      keyValue: { email: 'ada@example.com' },
    });
    expect(e.toReply()).toMatchObject({
      ok: 0,
      code: 11000,
      codeName: 'DuplicateKey',
      keyValue: { email: 'ada@example.com' },
    });
  });

  test('compound keys, ObjectIds, dates, numbers, null and quotes render as mongod does', () => {
    const id = new ObjectId('65a1b2c3d4e5f60718293a4b');
    expect(renderObject({ owner: id, name: 'x' })).toBe(
      `{ owner: ObjectId('65a1b2c3d4e5f60718293a4b'), name: "x" }`,
    );
    expect(renderObject({ at: new Date(1700000000000) })).toBe('{ at: new Date(1700000000000) }');
    expect(renderObject({ n: 5, f: 1.5, l: Long.fromNumber(2) })).toBe('{ n: 5, f: 1.5, l: 2 }');
    expect(renderObject({ missing: null })).toBe('{ missing: null }');
    expect(renderObject({ s: 'say "hi"' })).toBe('{ s: "say \\"hi\\"" }');
    expect(renderObject({ sub: { a: 1, b: [1, 'x'] } })).toBe('{ sub: { a: 1, b: [ 1, "x" ] } }');
    expect(renderObject({ t: true })).toBe('{ t: true }');
  });
});
