import { parseInput } from '@app/common';
import { ventureApi, type RouteAnswer } from '@app/contracts';
import { createHash } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { TASK_GUIDES } from '../content/task-guides.ts';
import { ventureErrors } from '../domain/venture.ts';

/** The guides are built in: they change only with a deployment, so browsers and proxies may keep them an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

interface CachedBody {
  json: string;
  etag: string;
}

/** The answer's JSON, computed once; typed by the route's contract. */
function cached<R extends typeof ventureApi.listTaskGuides | typeof ventureApi.getTaskGuide>(
  _route: R,
  value: RouteAnswer<R>,
): CachedBody {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
}

const all = cached(ventureApi.listTaskGuides, [...TASK_GUIDES]);
const byId = new Map(TASK_GUIDES.map((guide) => [guide.id, cached(ventureApi.getTaskGuide, guide)]));

function send(req: Request, res: Response, body: CachedBody): void {
  res.set('Cache-Control', CACHE_CONTROL);
  res.set('ETag', body.etag);
  // req.fresh compares If-None-Match with the ETag set above.
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(body.json);
}

/** Public (no sign-in needed): `GET /api/task-guides` and `GET /api/task-guides/{id}`. */
export function taskGuideRoutes(router: Router): void {
  router.get(ventureApi.listTaskGuides.path, (req, res) => {
    send(req, res, all);
  });

  router.get(ventureApi.getTaskGuide.path, (req, res) => {
    const { id } = parseInput(ventureApi.getTaskGuide.params, req.params);
    const body = byId.get(id);
    if (!body) throw ventureErrors.guideNotFound();
    send(req, res, body);
  });
}
