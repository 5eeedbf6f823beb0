import { requireUserId, respond } from '@app/common';
import { venturePlanApi } from '@app/contracts';
import type { Router } from 'express';
import {
  createCalendarFeed,
  getCalendarFeed,
  renderCalendarFeed,
  revokeCalendarFeed,
} from '../domain/calendar-feed.ts';
import type { VentureContext } from '../domain/venture.ts';

/** The calendar feed (issue 17): its owner's three calls, and the public feed calendar apps fetch. */
export function calendarFeedRoutes(router: Router, ctx: VentureContext): void {
  const api = venturePlanApi;

  router.get(api.getCalendarFeed.path, async (req, res) => {
    respond(res, api.getCalendarFeed, await getCalendarFeed(ctx, requireUserId(req)));
  });

  router.post(api.createCalendarFeed.path, async (req, res) => {
    respond(res, api.createCalendarFeed, await createCalendarFeed(ctx, requireUserId(req)));
  });

  router.delete(api.revokeCalendarFeed.path, async (req, res) => {
    await revokeCalendarFeed(ctx, requireUserId(req));
    respond(res, api.revokeCalendarFeed, { success: true });
  });

  // No session: the token is the credential. Not validated against the contract's pattern on purpose: a
  // malformed token takes the same path as an unknown one (hashed, looked up, 404), so answers and their
  // timing tell nothing about a token's shape.
  router.get(api.calendarFeed.path, async (req, res) => {
    const token = typeof req.params.token === 'string' ? req.params.token : '';
    const feed = await renderCalendarFeed(ctx, token);
    res.setHeader('content-type', 'text/calendar; charset=utf-8');
    res.setHeader('cache-control', 'private, max-age=300');
    res.setHeader('etag', feed.etag);
    res.setHeader('content-disposition', 'inline; filename="tasks.ics"');
    const match = req.headers['if-none-match'];
    if (typeof match === 'string' && match.split(',').some((tag) => tag.trim() === feed.etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).send(feed.body);
  });
}
