import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@app/common';
import {
  addDays,
  TASK_STATUS_LABELS,
  venturePlanApi,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
} from '@app/contracts';
import ical from 'ical-generator';
import type { VentureContext } from './venture.ts';

/*
 * The private calendar feed (issue 17): each user may have one URL carrying a random token (32 bytes,
 * base64url) of which only the SHA-256 is kept. The feed lists, as all-day events on their due dates, the
 * dated tasks of every venture the user can open, and is served without a session (calendar apps fetch it).
 */

export interface CalendarFeedRecord {
  userId: string;
  tokenHash: string;
  createdAt: Date;
  lastFetchedAt: Date | null;
}

export interface CalendarFeedRepository {
  findForUser(userId: string): Promise<CalendarFeedRecord | null>;
  findByTokenHash(tokenHash: string): Promise<CalendarFeedRecord | null>;
  /** Creates the user's feed, or gives it a new token hash (the old URL stops matching), in one write. */
  replace(userId: string, tokenHash: string, now: Date): Promise<void>;
  /** Notes that a calendar fetched the feed with this token hash. */
  fetched(tokenHash: string, now: Date): Promise<void>;
  /** True when there was a feed. */
  removeForUser(userId: string): Promise<boolean>;
}

export const calendarFeedErrors = {
  notFound: () => AppError.notFound('Calendar feed not found', 'CALENDAR_FEED.NOT_FOUND'),
};

/** Hex SHA-256: what is stored and looked up, never the token. */
export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The public path of a feed token. */
export function feedPath(token: string): string {
  return venturePlanApi.calendarFeed.path.replace(':token', encodeURIComponent(token));
}

export async function getCalendarFeed(ctx: VentureContext, userId: string): Promise<CalendarFeedStatus> {
  const feed = await ctx.calendarFeeds.findForUser(userId);
  return {
    active: feed !== null,
    createdAt: feed?.createdAt.toISOString() ?? null,
    lastFetchedAt: feed?.lastFetchedAt?.toISOString() ?? null,
  };
}

/** A new URL (the previous one answers 404 from now on): shown once. */
export async function createCalendarFeed(ctx: VentureContext, userId: string): Promise<CalendarFeedCreated> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock();
  await ctx.calendarFeeds.replace(userId, hashFeedToken(token), now);
  return { url: `${ctx.invitations.publicUrl}${feedPath(token)}`, createdAt: now.toISOString() };
}

export async function revokeCalendarFeed(ctx: VentureContext, userId: string): Promise<void> {
  await ctx.calendarFeeds.removeForUser(userId);
}

export interface RenderedFeed {
  body: string;
  /** A strong ETag: the body's hash, quoted. */
  etag: string;
}

/**
 * The feed of a token: one all-day VEVENT per dated task of every live venture its user can open (DTSTART
 * the due date; the start date, the status and the venture in the description; UID stable per task; URL
 * back to the task; SUMMARY the task's title). Unknown, revoked, replaced and malformed tokens all take the same path: hash, look
 * up, 404. The body depends only on the data (DTSTAMP is the feed's creation), so its ETag is stable.
 */
export async function renderCalendarFeed(ctx: VentureContext, token: string): Promise<RenderedFeed> {
  const tokenHash = hashFeedToken(token);
  const feed = await ctx.calendarFeeds.findByTokenHash(tokenHash);
  if (!feed) throw calendarFeedErrors.notFound();
  const ventures = await ctx.ventures.listForMember(feed.userId);
  const calendar = ical({
    name: 'Venture Roadmap tasks',
    description: 'Due dates of the tasks of your ventures on Venture Roadmap',
    prodId: { company: 'Venture Roadmap', product: 'Tasks', language: 'EN' },
    // Calendars that honour it refresh every few hours at most (REFRESH-INTERVAL, X-PUBLISHED-TTL).
    ttl: 3 * 3600,
  });
  const base = ctx.invitations.publicUrl;
  for (const venture of ventures) {
    for (const task of venture.tasks) {
      if (!task.dueDate) continue;
      const status = TASK_STATUS_LABELS[task.status];
      const description = [
        `Venture: ${venture.name}`,
        `Status: ${status}`,
        ...(task.startDate ? [`Start: ${task.startDate}`] : []),
        `Due: ${task.dueDate}`,
        ...(task.category ? [`Category: ${task.category}`] : []),
      ].join('\n');
      calendar.createEvent({
        id: `${task.id}@venture-roadmap`,
        allDay: true,
        start: new Date(`${task.dueDate}T00:00:00Z`),
        end: new Date(`${addDays(task.dueDate, 1)}T00:00:00Z`),
        stamp: feed.createdAt,
        // The title alone (calendar apps show little); the venture and status lead the description.
        summary: task.title,
        description,
        url: `${base}/ventures/${encodeURIComponent(venture.id)}?task=${encodeURIComponent(task.id)}`,
      });
    }
  }
  const body = calendar.toString();
  await ctx.calendarFeeds.fetched(tokenHash, ctx.clock());
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}
