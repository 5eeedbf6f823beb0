import { randomBytes } from 'node:crypto';
import { startDatabase, startHarness, type Harness } from './support/harness.ts';

/*
 * Issue 18: the admin dashboard's users come from `GET /internal/users` in cursor pages, newest first, and
 * are searched on the server. Each test marks its users with a word of its own and searches for it, so the
 * users of other tests never enter its pages.
 */

let db: Awaited<ReturnType<typeof startDatabase>>;
let h: Harness;

beforeAll(async () => {
  db = await startDatabase();
  h = await startHarness(db.url);
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await db?.stop();
});

interface Row {
  id: string;
  username: string;
  organizationId: string | null;
}

const marker = () => `m${randomBytes(4).toString('hex')}`;

async function createUser(username: string, extra: Record<string, unknown> = {}): Promise<Row> {
  const res = await h.call('POST', '/internal/users', {
    as: 'service',
    body: { username, password: 'pass-word', ...extra },
  });
  expect(res.status).toBe(201);
  return res.body as Row;
}

async function createMarked(tag: string, count: number): Promise<Row[]> {
  const users: Row[] = [];
  for (let i = 0; i < count; i += 1) users.push(await createUser(`${tag}.${i}@example.com`));
  return users;
}

async function page(query: string): Promise<{ items: Row[]; nextCursor: string | null }> {
  const res = await h.call('GET', `/internal/users?${query}`, { as: 'service' });
  expect(res.status).toBe(200);
  return res.body as { items: Row[]; nextCursor: string | null };
}

const ids = (rows: Row[]) => rows.map((row) => row.id);
const next = (cursor: string | null) => `&cursor=${encodeURIComponent(cursor ?? '')}`;

describe('GET /internal/users in cursor pages', () => {
  it('walks every matching user exactly once, newest first, and says null after the last page', async () => {
    const tag = marker();
    const users = await createMarked(tag, 5);
    const first = await page(`q=${tag}&limit=2`);
    const second = await page(`q=${tag}&limit=2${next(first.nextCursor)}`);
    const third = await page(`q=${tag}&limit=2${next(second.nextCursor)}`);
    expect([first.items.length, second.items.length, third.items.length]).toEqual([2, 2, 1]);
    expect(third.nextCursor).toBeNull();
    expect(ids([...first.items, ...second.items, ...third.items])).toEqual(ids(users).reverse());
    expect(JSON.stringify([first, second, third])).not.toContain('$argon2id$');
  });

  it('the same cursor gives the same page again (the order is stable)', async () => {
    const tag = marker();
    await createMarked(tag, 3);
    const first = await page(`q=${tag}&limit=1`);
    const again = await page(`q=${tag}&limit=1${next(first.nextCursor)}`);
    const once = await page(`q=${tag}&limit=1${next(first.nextCursor)}`);
    expect(again).toEqual(once);
  });

  it('users added or deleted between two pages never make the next page repeat or skip a user', async () => {
    const tag = marker();
    const older = await createMarked(tag, 4);
    const first = await page(`q=${tag}&limit=2`);
    expect(ids(first.items)).toEqual([older[3]!.id, older[2]!.id]);

    const newer = await createMarked(`${tag}.late`, 2);
    const deleted = await h.call('DELETE', `/internal/users/${older[3]!.id}`, { as: 'service' });
    expect(deleted.status).toBe(200);

    const second = await page(`q=${tag}&limit=2${next(first.nextCursor)}`);
    expect(ids(second.items)).toEqual([older[1]!.id, older[0]!.id]);
    expect(second.nextCursor).toBeNull();
    // The newcomers are at the top of a list read afresh.
    const fresh = await page(`q=${tag}&limit=3`);
    expect(ids(fresh.items)).toEqual([newer[1]!.id, newer[0]!.id, older[2]!.id]);
  });

  it('searches e-mail, first and last name, ignoring case; every word must match', async () => {
    const tag = marker();
    const ada = await createUser(`${tag}.countess@example.com`);
    const grace = await createUser(`${tag}.admiral@example.com`);
    const profile = await h.call('PATCH', '/api/user/profile', {
      as: { user: ada.id },
      body: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(profile.status).toBe(200);

    expect(ids((await page(`q=${tag.toUpperCase()}`)).items)).toEqual([grace.id, ada.id]);
    expect(ids((await page(`q=${tag}+LOVELACE`)).items)).toEqual([ada.id]);
    expect(ids((await page(`q=${tag}+ada+lovelace`)).items)).toEqual([ada.id]);
    expect(ids((await page(`q=${tag}+admiral`)).items)).toEqual([grace.id]);
    expect((await page(`q=${tag}+hopper`)).items).toEqual([]);
  });

  it('a search is text, not a pattern: ".*" matches only a literal ".*"', async () => {
    const tag = marker();
    await createUser(`${tag}.plain@example.com`);
    expect((await page(`q=${tag}+${encodeURIComponent('.*')}`)).items).toEqual([]);
  });

  it('the page order is served by the index { createdAt: -1, _id: -1 }, created at start', async () => {
    const indexes = await h.User.collection.indexes();
    expect(indexes.map((index) => index.key)).toContainEqual({ createdAt: -1, _id: -1 });
  });

  it('a cursor that was altered or never issued is 400 PAGE.INVALID_CURSOR, with a message saying what to do', async () => {
    const tag = marker();
    await createMarked(tag, 2);
    const first = await page(`q=${tag}&limit=1`);
    for (const cursor of [`${first.nextCursor}x`, 'not-a-cursor', first.nextCursor!.slice(3), '%24ne']) {
      const res = await h.call('GET', `/internal/users?cursor=${cursor}`, { as: 'service' });
      expect([res.status, res.body]).toEqual([
        400,
        {
          code: 'PAGE.INVALID_CURSOR',
          message: 'The list position (cursor) is not valid. Load the list again from the first page.',
        },
      ]);
    }
  });

  it('a limit outside 1-200, a repeated or overlong search and unknown parameters are 400 with the reason', async () => {
    const limit = await h.call('GET', '/internal/users?limit=201', { as: 'service' });
    expect([limit.status, limit.body.code, limit.body.validationErrors[0].path]).toEqual([
      400,
      'REQUEST.INVALID',
      ['limit'],
    ]);
    const repeated = await h.call('GET', '/internal/users?q=a&q=b', { as: 'service' });
    expect([repeated.status, repeated.body.message]).toEqual([400, 'Search text must be text']);
    const long = await h.call('GET', `/internal/users?q=${'x'.repeat(101)}`, { as: 'service' });
    expect([long.status, long.body.message]).toEqual([400, 'Search text must be at most 100 characters']);
    const injected = await h.call('GET', '/internal/users?q[$ne]=x', { as: 'service' });
    expect([injected.status, injected.body.code]).toEqual([400, 'REQUEST.INVALID']);
    const offset = await h.call('GET', '/internal/users?offset=10', { as: 'service' });
    expect([offset.status, offset.body.code]).toEqual([400, 'REQUEST.INVALID']);
  });
});

describe('GET /internal/organization-user-counts', () => {
  it('counts the live users of each named organization; organizations without users are absent', async () => {
    const [orgA, orgB, orgC] = ['a', 'b', 'c'].map((c) => c.repeat(24));
    const tag = marker();
    await createUser(`${tag}.1@example.com`, { organizationId: orgA });
    await createUser(`${tag}.2@example.com`, { organizationId: orgA });
    const gone = await createUser(`${tag}.3@example.com`, { organizationId: orgB });
    await createUser(`${tag}.4@example.com`, { organizationId: orgC });
    expect((await h.call('DELETE', `/internal/users/${gone.id}`, { as: 'service' })).status).toBe(200);

    const res = await h.call('GET', `/internal/organization-user-counts?organizationIds=${orgA},${orgB}`, {
      as: 'service',
    });
    expect([res.status, res.body]).toEqual([200, { counts: { [orgA!]: 2 } }]);
  });

  it('answers 400 for ids that are not organization ids, and 403 to a signed-in user', async () => {
    const bad = await h.call('GET', '/internal/organization-user-counts?organizationIds=x', {
      as: 'service',
    });
    expect([bad.status, bad.body.message]).toEqual([400, 'organizationIds must be ids of 24 hex digits']);
    const user = await createUser(`${marker()}@example.com`);
    const asUser = await h.call(
      'GET',
      `/internal/organization-user-counts?organizationIds=${'a'.repeat(24)}`,
      {
        as: { user: user.id },
      },
    );
    expect([asUser.status, asUser.body.code]).toEqual([403, 'AUTH.INTERNAL_ONLY']);
  });
});
