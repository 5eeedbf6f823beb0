import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent } from '@app/common';
import { Types } from 'mongoose';
import { hashFeedToken } from '../src/domain/calendar-feed.ts';
import { PUBLIC_URL, startHarness, type Harness, type TestUser } from './support/harness.ts';

/*
 * The calendar feed on the venture service alone (the gateway's part, with a real ICS parser, is in the
 * cross-service suite): its owner's calls, the public feed, its ETag, regenerate, revoke, user.deleted.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

interface Venture {
  id: string;
  name: string;
  tasks: Array<{ id: string; title: string }>;
}

async function createVenture(user: TestUser, name: string): Promise<Venture> {
  const res = await h.call('POST', '/api/ventures', { as: user, body: { name } });
  expect(res.status).toBe(201);
  return res.body as Venture;
}

async function setDates(venture: Venture, index: number, dates: { startDate?: string; dueDate: string }) {
  await h.Venture.updateOne(
    { _id: new Types.ObjectId(venture.id) },
    {
      $set: {
        'tasks.$[task].dueDate': dates.dueDate,
        'tasks.$[task].startDate': dates.startDate ?? null,
      },
    },
    { arrayFilters: [{ 'task._id': new Types.ObjectId(venture.tasks[index]!.id) }] },
  );
}

const pathOf = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => /\/api\/calendar\/([^/]+)\/tasks\.ics$/.exec(url)![1]!;

describe('calendar feed', () => {
  it('is created, shown once, listed by status, and serves the dated tasks of every venture of its user', async () => {
    const user = h.newUser();
    expect((await h.call('GET', '/api/calendar-feed', { as: user })).body).toEqual({
      active: false,
      createdAt: null,
      lastFetchedAt: null,
    });
    const mine = await createVenture(user, 'Acme; Rockets');
    const other = await createVenture(h.newUser(), 'Not Mine');
    await setDates(mine, 0, { startDate: '2027-03-01', dueDate: '2027-03-11' });
    await setDates(mine, 2, { dueDate: '2027-04-02' });
    await setDates(other, 0, { dueDate: '2027-03-11' });

    const created = await h.call('POST', '/api/calendar-feed', { as: user });
    expect(created.status).toBe(201);
    const { url } = created.body as { url: string; createdAt: string };
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/[A-Za-z0-9_-]{43}/tasks\\.ics$`));
    // Only the hash is stored.
    const stored = await h.mongo.connection.collection('calendar_feeds').findOne({ userId: user.id });
    expect(stored!.tokenHash).toBe(hashFeedToken(tokenOf(url)));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(url));

    const feed = await h.call('GET', pathOf(url), { as: 'anonymous' });
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, max-age=300');
    const ics = (feed.body as string).replace(/\r\n[ \t]/g, '');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain(`UID:${mine.tasks[0]!.id}@venture-roadmap`);
    expect(ics).toContain('DTSTART;VALUE=DATE:20270311');
    expect(ics).toContain('DTSTART;VALUE=DATE:20270402');
    expect(ics).toContain(`SUMMARY:${mine.tasks[0]!.title.replace(/([,;])/g, '\\$1')}`);
    expect(ics).toContain(
      'DESCRIPTION:Venture: Acme\\; Rockets\\nStatus: To Do\\nStart: 2027-03-01\\nDue: 2027-03-11',
    );
    expect(ics).toContain(`URL;VALUE=URI:${PUBLIC_URL}/ventures/${mine.id}?task=${mine.tasks[0]!.id}`);
    expect(ics).not.toContain(other.tasks[0]!.id);

    const status = (await h.call('GET', '/api/calendar-feed', { as: user })).body as Record<string, unknown>;
    expect(status).toMatchObject({ active: true, createdAt: created.body.createdAt });
    expect(typeof status.lastFetchedAt).toBe('string');
  });

  it('answers 304 to its ETag, and a new ETag once a task changes', async () => {
    const user = h.newUser();
    const venture = await createVenture(user, 'Etag Co');
    await setDates(venture, 0, { dueDate: '2027-05-05' });
    const { url } = (await h.call('POST', '/api/calendar-feed', { as: user })).body as { url: string };
    const first = await h.call('GET', pathOf(url));
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await h.call('GET', pathOf(url), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect((await h.call('GET', pathOf(url))).headers.get('etag')).toBe(etag);
    await setDates(venture, 1, { dueDate: '2027-05-06' });
    const changed = await h.call('GET', pathOf(url), { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('regenerate: the old URL answers 404 like a wrong, malformed or revoked one', async () => {
    const user = h.newUser();
    await createVenture(user, 'Regen Inc');
    const first = (await h.call('POST', '/api/calendar-feed', { as: user })).body as { url: string };
    const second = (await h.call('POST', '/api/calendar-feed', { as: user })).body as { url: string };
    expect(second.url).not.toBe(first.url);
    const notFound = { code: 'CALENDAR_FEED.NOT_FOUND', message: 'Calendar feed not found' };
    for (const path of [
      pathOf(first.url),
      '/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/tasks.ics',
      `/api/calendar/${'%21'.repeat(40)}/tasks.ics`,
      `/api/calendar/${'x'.repeat(300)}/tasks.ics`,
    ]) {
      const res = await h.call('GET', path);
      expect([path, res.status, res.body]).toEqual([path, 404, notFound]);
    }
    expect((await h.call('GET', pathOf(second.url))).status).toBe(200);

    expect((await h.call('DELETE', '/api/calendar-feed', { as: user })).body).toEqual({ success: true });
    expect((await h.call('GET', pathOf(second.url))).status).toBe(404);
    expect((await h.call('GET', '/api/calendar-feed', { as: user })).body).toMatchObject({ active: false });
    // Revoking without a feed is fine too.
    expect((await h.call('DELETE', '/api/calendar-feed', { as: user })).status).toBe(200);
  });

  it('needs a signed-in user for its owner calls', async () => {
    for (const method of ['GET', 'POST', 'DELETE'])
      expect((await h.call(method, '/api/calendar-feed', { as: 'anonymous' })).status).toBe(401);
  });

  it('a deleted user’s feed is gone', async () => {
    const user = h.newUser();
    const { url } = (await h.call('POST', '/api/calendar-feed', { as: user })).body as { url: string };
    expect((await h.call('GET', pathOf(url))).status).toBe(200);
    await h.bus.publish([
      createEvent('user.deleted', { userId: user.id, username: user.username }, { producer: 'auth' }),
    ]);
    await h.eventually(async () => (await h.call('GET', pathOf(url))).status === 404);
    expect(await h.mongo.connection.collection('calendar_feeds').countDocuments({ userId: user.id })).toBe(0);
  });
});
