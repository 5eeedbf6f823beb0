import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { startHarness, type Harness, type TestUser } from './support/harness.ts';

/*
 * Issue 18: the admin dashboard's ventures come from `GET /internal/ventures` in cursor pages, newest first,
 * searched by name on the server. Each test names its ventures with a word of its own and searches for it.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

interface Row {
  id: string;
  name: string;
  memberCount: number;
}

const marker = () => `m${randomBytes(4).toString('hex')}`;

async function createVenture(user: TestUser, name: string): Promise<Row> {
  const res = await h.call('POST', '/api/ventures', { as: user, body: { name } });
  expect(res.status).toBe(201);
  return res.body as Row;
}

async function createMarked(tag: string, count: number): Promise<Row[]> {
  const owner = h.newUser();
  const ventures: Row[] = [];
  for (let i = 0; i < count; i += 1) ventures.push(await createVenture(owner, `${tag} Venture ${i}`));
  return ventures;
}

async function page(query: string): Promise<{ items: Row[]; nextCursor: string | null }> {
  const res = await h.call('GET', `/internal/ventures?${query}`, { as: 'service' });
  expect(res.status).toBe(200);
  return res.body as { items: Row[]; nextCursor: string | null };
}

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
const next = (cursor: string | null) => `&cursor=${encodeURIComponent(cursor ?? '')}`;

describe('GET /internal/ventures in cursor pages', () => {
  it('walks every matching live venture exactly once, newest first, and says null after the last page', async () => {
    const tag = marker();
    const ventures = await createMarked(tag, 5);
    const first = await page(`q=${tag}&limit=2`);
    const second = await page(`q=${tag}&limit=2${next(first.nextCursor)}`);
    const third = await page(`q=${tag}&limit=2${next(second.nextCursor)}`);
    expect([first.items.length, second.items.length, third.items.length]).toEqual([2, 2, 1]);
    expect(third.nextCursor).toBeNull();
    expect(ids([...first.items, ...second.items, ...third.items])).toEqual(ids(ventures).reverse());
  });

  it('ventures created or deleted between two pages never make the next page repeat or skip one', async () => {
    const tag = marker();
    const owner = h.newUser();
    const older: Row[] = [];
    for (let i = 0; i < 4; i += 1) older.push(await createVenture(owner, `${tag} Old ${i}`));
    const first = await page(`q=${tag}&limit=2`);
    expect(ids(first.items)).toEqual([older[3]!.id, older[2]!.id]);

    const newer = await createVenture(owner, `${tag} New`);
    expect((await h.call('DELETE', `/api/ventures/${older[2]!.id}`, { as: owner })).status).toBe(200);

    const second = await page(`q=${tag}&limit=2${next(first.nextCursor)}`);
    expect(ids(second.items)).toEqual([older[1]!.id, older[0]!.id]);
    expect(second.nextCursor).toBeNull();
    expect(ids((await page(`q=${tag}&limit=2`)).items)).toEqual([newer.id, older[3]!.id]);
  });

  it('ventures created in the same millisecond keep one order across pages (ties go by id)', async () => {
    const tag = marker();
    const ventures = await createMarked(tag, 3);
    const sameInstant = new Date('2026-01-02T03:04:05.006Z');
    await h.Venture.collection.updateMany(
      { _id: { $in: ventures.map((v) => new mongoose.Types.ObjectId(v.id)) } },
      { $set: { createdAt: sameInstant } },
    );
    const walked: Row[] = [];
    let cursor: string | null = null;
    do {
      const result: { items: Row[]; nextCursor: string | null } = await page(
        `q=${tag}&limit=1${cursor === null ? '' : next(cursor)}`,
      );
      walked.push(...result.items);
      cursor = result.nextCursor;
    } while (cursor !== null);
    expect(ids(walked)).toEqual(ids(ventures).sort().reverse());
  });

  it('searches names ignoring case; every word must match', async () => {
    const tag = marker();
    const owner = h.newUser();
    const rockets = await createVenture(owner, `${tag} Acme Rockets`);
    const bakery = await createVenture(owner, `${tag} Harbor Bakery`);
    expect(ids((await page(`q=${tag.toUpperCase()}`)).items)).toEqual([bakery.id, rockets.id]);
    expect(ids((await page(`q=${tag}+rOcKeTs`)).items)).toEqual([rockets.id]);
    expect((await page(`q=${tag}+acme+bakery`)).items).toEqual([]);
  });

  it("each row counts the venture's members; a venture from before member lists counts its owner", async () => {
    const tag = marker();
    const [venture] = await createMarked(tag, 1);
    await h.Venture.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(venture!.id) },
      { $unset: { members: '' } },
    );
    expect((await page(`q=${tag}`)).items.map((row) => row.memberCount)).toEqual([1]);
  });

  it('the page order is served by the index { createdAt: -1, _id: -1 }, created at start', async () => {
    const indexes = await h.Venture.collection.indexes();
    expect(indexes.map((index) => index.key)).toContainEqual({ createdAt: -1, _id: -1 });
  });

  it('a cursor that was altered or never issued is 400 PAGE.INVALID_CURSOR, with a message saying what to do', async () => {
    const tag = marker();
    await createMarked(tag, 2);
    const first = await page(`q=${tag}&limit=1`);
    for (const cursor of [`${first.nextCursor}x`, 'e30', first.nextCursor!.slice(3)]) {
      const res = await h.call('GET', `/internal/ventures?cursor=${cursor}`, { as: 'service' });
      expect([res.status, res.body]).toEqual([
        400,
        {
          code: 'PAGE.INVALID_CURSOR',
          message: 'The list position (cursor) is not valid. Load the list again from the first page.',
        },
      ]);
    }
    const limit = await h.call('GET', '/internal/ventures?limit=0', { as: 'service' });
    expect([limit.status, limit.body.code, limit.body.validationErrors[0].path]).toEqual([
      400,
      'REQUEST.INVALID',
      ['limit'],
    ]);
  });
});
