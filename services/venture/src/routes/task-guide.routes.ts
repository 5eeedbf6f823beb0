import { parseInput } from '@app/common';
import { createHash } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { TASK_GUIDES } from '../content/task-guides.ts';
import { ventureErrors } from '../domain/venture.ts';
import { guideIdParams } from './schemas.ts';

/** The guides are built in: they change only with a deployment, so browsers and proxies may keep them an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

interface CachedBody {
  json: string;
  etag: string;
}

function cached(value: unknown): CachedBody {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
}

const all = cached(TASK_GUIDES);
const byId = new Map(TASK_GUIDES.map((guide) => [guide.id, cached(guide)]));

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
  router.get('/api/task-guides', (req, res) => {
    send(req, res, all);
  });

  router.get('/api/task-guides/:id', (req, res) => {
    const { id } = parseInput(guideIdParams, req.params);
    const body = byId.get(id);
    if (!body) throw ventureErrors.guideNotFound();
    send(req, res, body);
  });
}
