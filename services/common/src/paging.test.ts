import { describe, expect, it } from '@jest/globals';
import { INVALID_CURSOR_CODE, INVALID_CURSOR_MESSAGE } from '@app/contracts';
import mongoose from 'mongoose';
import { AppError } from './errors.ts';
import { afterCursor, decodeCursor, encodeCursor, pageFilter, searchFilter, toPage } from './paging.ts';

const key = { createdAt: new Date('2026-03-04T05:06:07.089Z'), id: '65f0c0ffee0123456789abcd' };

function refused(cursor: string): AppError {
  try {
    decodeCursor(cursor);
  } catch (error) {
    return error as AppError;
  }
  throw new Error(`the cursor ${JSON.stringify(cursor)} was accepted`);
}

const forge = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

describe('cursor pages', () => {
  it('a cursor is opaque text that names the same position when it comes back', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(key.id);
    expect(decodeCursor(cursor)).toEqual(key);
  });

  it.each([
    ['a cursor with a character outside its alphabet', `${encodeCursor(key)}!`],
    ['a cursor cut short', encodeCursor(key).slice(0, 20)],
    ['text that is not a cursor at all', 'page-2'],
    ['a cursor of another version', forge({ v: 2, at: 1, id: key.id })],
    ['a cursor whose id is not an object id', forge({ v: 1, at: 1, id: 'x' })],
    ['a cursor carrying an operator', forge({ v: 1, at: 1, id: { $gt: '' } })],
    ['a cursor with an extra field', forge({ v: 1, at: 1, id: key.id, admin: true })],
    ['a cursor with an impossible date', forge({ v: 1, at: 9e15, id: key.id })],
    ['a cursor that is JSON but not an object', forge([1, 2])],
  ])('%s is refused as 400 PAGE.INVALID_CURSOR with a message saying what to do', (_name, cursor) => {
    const error = refused(cursor);
    expect(error).toBeInstanceOf(AppError);
    expect([error.status, error.code, error.message]).toEqual([
      400,
      INVALID_CURSOR_CODE,
      INVALID_CURSOR_MESSAGE,
    ]);
    expect(error.expected).toBe(true);
  });

  it('a tampered byte in a real cursor is refused, never read as some other position', () => {
    const cursor = encodeCursor(key);
    const tampered = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    const outcome = (() => {
      try {
        return decodeCursor(tampered);
      } catch (error) {
        return (error as AppError).code;
      }
    })();
    // Either refused, or (when the altered character only changes a digit) still a well-formed position.
    if (typeof outcome === 'string') expect(outcome).toBe(INVALID_CURSOR_CODE);
    else expect(outcome).not.toEqual(key);
  });

  it('the next page starts strictly after the cursor: older rows, or the same instant with a smaller id', () => {
    const filter = afterCursor(encodeCursor(key)) as { $or: Array<Record<string, unknown>> };
    expect(filter.$or).toHaveLength(2);
    expect(filter.$or[0]).toEqual({ createdAt: mongoose.trusted({ $lt: key.createdAt }) });
    expect(filter.$or[1]).toEqual({
      createdAt: key.createdAt,
      _id: mongoose.trusted({ $lt: new mongoose.Types.ObjectId(key.id) }),
    });
    expect(afterCursor(undefined)).toEqual({});
    expect(afterCursor('')).toEqual({});
  });

  it('a page read with one row more than its limit has a next cursor naming its last row; a short page has none', () => {
    const rows = [3, 2, 1].map((n) => ({ n, createdAt: new Date(n * 1000), id: `${n}`.padStart(24, '0') }));
    const full = toPage(rows, 2, (row) => row);
    expect(full.items.map((row) => row.n)).toEqual([3, 2]);
    expect(decodeCursor(full.nextCursor!)).toEqual({ createdAt: rows[1]!.createdAt, id: rows[1]!.id });
    expect(toPage(rows, 3, (row) => row)).toEqual({ items: rows, nextCursor: null });
    expect(toPage([], 3, (row: (typeof rows)[number]) => row)).toEqual({ items: [], nextCursor: null });
  });
});

describe('server-side search', () => {
  it('every word must match one of the fields, ignoring case', () => {
    const filter = searchFilter('  Ada   LOVELACE ', ['firstName', 'lastName']) as {
      $and: Array<{ $or: Array<Record<string, RegExp>> }>;
    };
    expect(filter.$and).toHaveLength(2);
    const [ada, lovelace] = filter.$and;
    expect(ada!.$or.map((c) => Object.keys(c)[0])).toEqual(['firstName', 'lastName']);
    expect(ada!.$or[0]!.firstName!.test('ada')).toBe(true);
    expect(lovelace!.$or[1]!.lastName!.test('Lovelace')).toBe(true);
  });

  it('a search is matched as text: pattern characters match only themselves', () => {
    const filter = searchFilter('a.c+(', ['name']) as { $and: Array<{ $or: Array<{ name: RegExp }> }> };
    const pattern = filter.$and[0]!.$or[0]!.name;
    expect(pattern.test('xa.c+(y')).toBe(true);
    expect(pattern.test('abc')).toBe(false);
  });

  it('no search text means no condition, and conditions combine with AND', () => {
    expect(searchFilter(undefined, ['name'])).toEqual({});
    expect(searchFilter('   ', ['name'])).toEqual({});
    expect(pageFilter({}, { a: 1 })).toEqual({ a: 1 });
    expect(pageFilter({ a: 1 }, {}, { b: 2 })).toEqual({ $and: [{ a: 1 }, { b: 2 }] });
    expect(pageFilter({}, {})).toEqual({});
  });
});
