import { parseInput } from '@app/common';
import { ventureApi, type RouteAnswer } from '@app/contracts';
import { createHash } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { perLanguage, taskGuidesIn } from '../content/task-guides.ts';
import { ventureErrors } from '../domain/venture.ts';
import { languageOf } from './language.ts';

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

// Issue 21: one set of bodies per language (each with its own ETag), computed once.
const all = perLanguage((language) => cached(ventureApi.listTaskGuides, [...taskGuidesIn(language)]));
const byId = perLanguage(
  (language): ReadonlyMap<number, CachedBody> =>
    new Map(taskGuidesIn(language).map((guide) => [guide.id, cached(ventureApi.getTaskGuide, guide)])),
);

function send(req: Request, res: Response, body: CachedBody): void {
  res.set('Cache-Control', CACHE_CONTROL);
  // The body depends on the request's language: a shared cache must keep one copy per Accept-Language.
  res.vary('Accept-Language');
  res.set('ETag', body.etag);
  // req.fresh compares If-None-Match with the ETag set above.
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(body.json);
}

/**
 * Public (no sign-in needed): `GET /api/task-guides` and `GET /api/task-guides/{id}`, in the request's language
 * (`Accept-Language`; a guide without a translation in English).
 */
export function taskGuideRoutes(router: Router): void {
  router.get(ventureApi.listTaskGuides.path, (req, res) => {
    send(req, res, all[languageOf(req)]);
  });

  router.get(ventureApi.getTaskGuide.path, (req, res) => {
    const { id } = parseInput(ventureApi.getTaskGuide.params, req.params);
    const body = byId[languageOf(req)].get(id);
    if (!body) throw ventureErrors.guideNotFound();
    send(req, res, body);
  });
}
