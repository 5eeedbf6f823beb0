import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TASK_GUIDES } from '../src/content/task-guides.ts';
import { startHarness, type Harness } from './support/harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

/*
 * What a browser sends when it revalidates its cached copy. (fetch adds `Cache-Control: no-cache` to a
 * request with a hand-set If-None-Match unless one is given, and no-cache rightly forces a full answer.)
 */
const revalidate = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });

describe('task guides', () => {
  it('GET /api/task-guides answers all 50 guides to anyone, cacheable, with an ETag', async () => {
    const res = await h.call('GET', '/api/task-guides', { as: 'anonymous' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(res.body).toHaveLength(50);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(TASK_GUIDES)));
    // Issue 21: the content file's fields ride along, optional in the contract (guide 1 has no jurisdictions
    // or templates).
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        ...['category', 'id', 'practices', 'proTip', 'summary', 'title', 'why'],
        ...['prerequisites', 'effort', 'stage', 'sources', 'templates', 'reviewedAt'],
      ].sort(),
    );
  });

  it('answers 304 without a body when If-None-Match carries the current ETag, 200 for a stale one', async () => {
    const first = await h.call('GET', '/api/task-guides', { as: h.newUser() });
    const etag = first.headers.get('etag')!;
    const again = await h.call('GET', '/api/task-guides', { as: h.newUser(), headers: revalidate(etag) });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.get('etag')).toBe(etag);
    const stale = await h.call('GET', '/api/task-guides', { headers: revalidate('"old"') });
    expect(stale.status).toBe(200);
    expect(stale.body).toHaveLength(50);
  });

  it('GET /api/task-guides/{id} answers one guide with its own ETag and honours If-None-Match', async () => {
    const guide = TASK_GUIDES.find((g) => g.id === 17)!;
    const res = await h.call('GET', '/api/task-guides/17');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(guide)));
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = res.headers.get('etag')!;
    const all = await h.call('GET', '/api/task-guides');
    expect(etag).not.toBe(all.headers.get('etag'));
    const cached = await h.call('GET', '/api/task-guides/17', { headers: revalidate(etag) });
    expect(cached.status).toBe(304);
    const other = await h.call('GET', '/api/task-guides/18', { headers: revalidate(etag) });
    expect([other.status, other.body.id]).toEqual([200, 18]);
  });

  it('an unknown guide id is 404, a malformed one 400, neither cacheable', async () => {
    for (const id of ['51', '999999']) {
      const res = await h.call('GET', `/api/task-guides/${id}`);
      expect([res.status, res.body]).toEqual([
        404,
        { code: 'GUIDE.NOT_FOUND', message: 'Task guide not found' },
      ]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    for (const id of ['abc', '1.5', '-3', '0']) {
      const res = await h.call('GET', `/api/task-guides/${id}`);
      expect([res.status, res.body.message]).toEqual([400, 'Invalid task guide id']);
    }
  });

  it('still needs the gateway: a request without a signed identity is 401', async () => {
    const res = await h.call('GET', '/api/task-guides', { as: 'nobody' });
    expect(res.status).toBe(401);
  });
});
