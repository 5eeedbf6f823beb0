import { Long } from 'bson';
import { CursorManager } from '../src/cursors.ts';
import { MongoError } from '../src/errors.ts';

describe('cursors', () => {
  const docs = Array.from({ length: 250 }, (_, i) => ({ _id: i }));

  test('the first batch holds 101 documents by default and getMore hands out the rest, then closes', () => {
    const cursors = new CursorManager();
    try {
      const first = cursors.open('db.c', docs);
      expect(first.batch).toHaveLength(101);
      expect(first.id).toBeInstanceOf(Long);
      expect(first.id.isZero()).toBe(false);
      const second = cursors.getMore(first.id, 'db.c', 100);
      expect(second.batch.map((d) => d._id)).toEqual(Array.from({ length: 100 }, (_, i) => 101 + i));
      const last = cursors.getMore(first.id, 'db.c', undefined);
      expect(last.batch).toHaveLength(49);
      expect(last.id.isZero()).toBe(true);
      expect(() => cursors.getMore(first.id, 'db.c', 1)).toThrow(MongoError);
    } finally {
      cursors.close();
    }
  });

  test('a single batch or an exhausted result opens no cursor', () => {
    const cursors = new CursorManager();
    try {
      expect(cursors.open('db.c', docs, 10, true).id.isZero()).toBe(true);
      expect(cursors.open('db.c', docs.slice(0, 5)).id.isZero()).toBe(true);
      expect(cursors.size).toBe(0);
    } finally {
      cursors.close();
    }
  });

  test('an idle cursor expires and then reports CursorNotFound (43); killCursors reports what it killed', () => {
    const cursors = new CursorManager(60_000);
    try {
      const idle = cursors.open('db.c', docs, 1);
      const busy = cursors.open('db.c', docs, 1);
      cursors.sweep(Date.now() + 30_000);
      cursors.getMore(busy.id, 'db.c', 1);
      cursors.sweep(Date.now() + 61_000);
      let error: unknown;
      try {
        cursors.getMore(idle.id, 'db.c', 1);
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ code: 43, codeName: 'CursorNotFound' });
      const other = cursors.open('db.c', docs, 1);
      expect(cursors.kill([other.id, Long.fromNumber(12345)])).toEqual({
        killed: [other.id],
        notFound: [Long.fromNumber(12345)],
      });
    } finally {
      cursors.close();
    }
  });

  test('getMore on another namespace is refused', () => {
    const cursors = new CursorManager();
    try {
      const c = cursors.open('db.a', docs, 1);
      expect(() => cursors.getMore(c.id, 'db.b', 1)).toThrow(/belongs to a different namespace/);
    } finally {
      cursors.close();
    }
  });
});
