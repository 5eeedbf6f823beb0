import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

/**
 * Serves the built web app. Hashed assets are cached for a year; HTML is revalidated every time. Any other
 * GET that accepts HTML gets the app's index.html (SPA fallback) — or a pre-rendered page when one exists
 * for that path (`<path>/index.html` in the build).
 */
export function webApp(dist: string): Router | RequestHandler {
  const root = path.resolve(dist);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    return (req, res, next) => {
      if (req.method !== 'GET' || !req.accepts('html')) return next();
      res
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build -w @app/web`.');
    };
  }
  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(root, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(
    express.static(root, {
      index: false,
      // A pre-rendered page's folder (`/about` → `about/index.html`) is served below, never redirected to `/about/`.
      redirect: false,
      setHeaders: (res, file) => {
        if (file.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
      },
    }),
  );
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    const prerendered = path.join(root, req.path, 'index.html');
    const file =
      req.path !== '/' && prerendered.startsWith(root + path.sep) && existsSync(prerendered)
        ? prerendered
        : index;
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(file);
  });
  return router;
}
