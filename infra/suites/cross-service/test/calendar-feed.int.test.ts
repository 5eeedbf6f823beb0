import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { startPlatform, unique, type Platform } from '@app/testing';
import ical, { type VEvent } from 'node-ical';
import { pino } from 'pino';

/*
 * Issue 17: the private calendar feed through the real gateway. Fetched without a cookie it parses with an
 * ICS parser (node-ical) into one VEVENT per dated task, with DTSTART;VALUE=DATE of the due date and the
 * task's title; regenerate makes the old URL 404, like a wrong token; ETag → 304; the feed has its own rate
 * limit; and no log line of the gateway or the services carries the token.
 */

const SECRET = 'calendar-feed-test-internal-secret-0123456789';
const LIMIT = 25;
const lines: string[] = [];
let platform: Platform;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  platform = await startPlatform({
    services: ['auth', 'venture'],
    secret: SECRET,
    logger: pino({ level: 'info' }, sink),
    env: { gateway: { CALENDAR_FEED_LIMIT_PER_MINUTE: String(LIMIT) } },
  });
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = new Date().toISOString().slice(0, 10);

/** A cookie-less GET on the gateway, as a calendar app does. */
const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${platform.base}${path}`, { headers });

describe('calendar feed through the gateway (issue 17)', () => {
  let founder: Awaited<ReturnType<Platform['newUser']>>;
  let feedPath = '';
  let token = '';
  const dated: Array<{ id: string; title: string; dueDate: string }> = [];

  it('is created signed in, and fetched without a session parses into one all-day VEVENT per dated task', async () => {
    founder = await platform.newUser();
    const created = await founder.browser.call('POST', '/api/ventures', { name: `Feed ${unique()}` });
    expect(created.status).toBe(201);
    const tasks = created.body.tasks as Array<{ id: string; title: string }>;
    for (const [index, offset] of [
      [0, 1],
      [3, 10],
      [7, 40],
    ] as const) {
      const dueDate = addDays(today, offset);
      const res = await founder.browser.call('PUT', `/api/venture-tasks/${tasks[index]!.id}/dates`, {
        startDate: null,
        dueDate,
      });
      expect(res.status).toBe(200);
      dated.push({ id: tasks[index]!.id, title: tasks[index]!.title, dueDate });
    }

    const feed = await founder.browser.call('POST', '/api/calendar-feed');
    expect(feed.status).toBe(201);
    const url = new URL(feed.body.url as string);
    feedPath = url.pathname;
    token = /^\/api\/calendar\/([A-Za-z0-9_-]{43})\/tasks\.ics$/.exec(feedPath)![1]!;

    const res = await fetchFeed(feedPath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    const text = await res.text();
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    const events = Object.values(ical.sync.parseICS(text)).filter(
      (c): c is VEvent => (c as { type?: string })?.type === 'VEVENT',
    );
    expect(events).toHaveLength(3);
    for (const task of dated) {
      const event = events.find((e) => e.uid === `${task.id}@venture-roadmap`)!;
      expect(event.summary).toBe(task.title);
      expect(event.datetype).toBe('date');
      // URL;VALUE=URI: node-ical keeps the parameter, so the line is checked as written.
      expect(unfolded).toMatch(
        new RegExp(`^URL;VALUE=URI:http.*/ventures/[0-9a-f]{24}\\?task=${task.id}\r?$`, 'm'),
      );
      expect(text).toContain(`DTSTART;VALUE=DATE:${task.dueDate.replaceAll('-', '')}`);
    }

    const status = await founder.browser.call('GET', '/api/calendar-feed');
    expect(status.body).toMatchObject({ active: true, createdAt: feed.body.createdAt });
    expect(typeof status.body.lastFetchedAt).toBe('string');
  });

  it('answers 304 to its ETag', async () => {
    const first = await fetchFeed(feedPath);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetchFeed(feedPath, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('after regenerate the old URL answers 404, the same as a wrong token', async () => {
    const regenerated = await founder.browser.call('POST', '/api/calendar-feed');
    expect(regenerated.status).toBe(201);
    const old = await fetchFeed(feedPath);
    expect(old.status).toBe(404);
    const oldBody = await old.json();
    const wrong = await fetchFeed(`/api/calendar/${'A'.repeat(43)}/tasks.ics`);
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual(oldBody);
    expect(oldBody).toEqual({ code: 'CALENDAR_FEED.NOT_FOUND', message: 'Calendar feed not found' });
    const fresh = await fetchFeed(new URL(regenerated.body.url as string).pathname);
    expect(fresh.status).toBe(200);
  });

  it('no log line carries a feed token', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes('/api/calendar/[redacted]/tasks.ics'))).toBe(true);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
  });

  it('has its own rate limit per client: 429 with Retry-After once it is spent', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i += 1) statuses.push((await fetchFeed(feedPath)).status);
    expect(statuses).toContain(429);
    const refused = await fetchFeed(feedPath);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { code: string }).code).toBe('CALENDAR_FEED.RATE_LIMITED');
    // The signed-in calls are not under it.
    expect((await founder.browser.call('GET', '/api/calendar-feed')).status).toBe(200);
  });
});
