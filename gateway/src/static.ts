import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  firstReadOf,
  isWebPagePath,
  languageFromAcceptLanguage,
  prerenderedFileIn,
  publicFirstReadOf,
  SESSION_READ_PATH,
} from '@app/contracts';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';

/** The build's plain app shell, for paths without a pre-rendered page (web/build/prerender-pages.ts). */
const SHELL_FILE = '200.html';

/** Compressed copies the web build writes next to each text file, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Sends `file`, or its pre-compressed copy when the browser accepts one. The type and caching are the
 * original file's; `Vary` tells caches the body depends on Accept-Encoding.
 */
function sendFile(req: Request, res: Response, root: string, file: string, cacheControl: string): void {
  res.setHeader('cache-control', cacheControl);
  res.vary('accept-encoding');
  res.type(path.extname(file));
  // Our order, not the header's: browsers list gzip before br with the same weight.
  const encoding = ENCODINGS.find(
    (candidate) => req.acceptsEncodings(candidate.name) === candidate.name && isFile(file + candidate.suffix),
  );
  if (encoding) {
    res.setHeader('content-encoding', encoding.name);
    res.sendFile(path.relative(root, file + encoding.suffix), { root, cacheControl: false });
    return;
  }
  res.sendFile(path.relative(root, file), { root, cacheControl: false });
}

/**
 * Issue 22: a `Link` header asking the browser to fetch API reads together with the page's code. As the app
 * fetches them (same URL, credentials included), Chromium hands it the preloaded answer whatever headers the
 * app adds; an answer in another language than the app asked for is asked again (`web/src/lib/api-client.ts`).
 */
export function preloadLink(paths: readonly string[]): string {
  return paths.map((read) => `<${read}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ');
}

/**
 * The pre-rendered file of the page in `folder` for this query: `<name>=<value>.html` when the query has that
 * parameter with that value and the build wrote that file (the SSO error page, one for each reason), else the
 * page's `index.html`. Only plain lowercase names and values are looked for, so no query reaches another path.
 */
export function preRenderedFileFor(folder: string, query: URLSearchParams): string {
  for (const [name, value] of query) {
    if (!/^[a-z]{1,32}$/.test(name) || !/^[a-z0-9-]{1,64}$/.test(value)) continue;
    const variant = path.join(folder, `${name}=${value}.html`);
    if (isFile(variant)) return variant;
  }
  return path.join(folder, 'index.html');
}

/**
 * Issue 22: the pre-rendered page in the browser's language (`Accept-Language`, as the web app's
 * `detectLanguage` reads it), when the build wrote it (`index.es.html` beside `index.html`), so a Spanish
 * visitor's page hydrates in place instead of rendering afresh over English. Else `page`. (A visitor who
 * chose another language than their browser's, kept in local storage the server never sees, still gets the
 * page rendered afresh in their choice.)
 */
export function pageInVisitorLanguage(req: Request, page: string): string {
  const language = languageFromAcceptLanguage(req.get('accept-language'));
  const localized = path.join(path.dirname(page), prerenderedFileIn(path.basename(page), language));
  return localized !== page && isFile(localized) ? localized : page;
}

export interface WebAppOptions {
  /**
   * Whether the request comes from a signed-in user. Pre-rendered pages hold the visitor's page: a
   * signed-in user gets the app shell there instead, so `/` shows the spinner and then the home redirect
   * rather than the landing page for a moment. Never rejects (a store failure counts as a visitor).
   */
  signedIn?: (req: Request, res: Response) => Promise<boolean>;
}

/**
 * Serves the built web app. Hashed assets are cached for a year; HTML is revalidated every time. Text
 * files go out brotli- or gzip-compressed when the build wrote compressed copies. Any other GET that
 * accepts HTML gets the pre-rendered page for that path (`<path>/index.html` in the build, `index.html`
 * for `/`, or the page's file for its query, `preRenderedFileFor`, in the visitor's language where the build
 * wrote it, `pageInVisitorLanguage`) when there is one and the user is not
 * signed in (`options.signedIn`), else the app shell (`200.html`; builds without one use `index.html`),
 * with status 404 when the app has no page at that path (`isWebPagePath`).
 */
export function webApp(dist: string, options: WebAppOptions = {}): Router | RequestHandler {
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
  const shell = existsSync(path.join(root, SHELL_FILE)) ? path.join(root, SHELL_FILE) : index;
  const assets = path.join(root, 'assets');
  const router = express.Router();
  router.get(/.*/, (req, res, next) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep)) return next();
    // A file of the build (never a compressed copy asked for by name, a source map is fine).
    if (!/\.(br|gz)$/.test(file) && isFile(file)) {
      const hashed = file.startsWith(assets + path.sep);
      const cacheControl = hashed
        ? 'public, max-age=31536000, immutable'
        : file.endsWith('.html')
          ? 'no-cache'
          : 'public, max-age=3600';
      return sendFile(req, res, root, file, cacheControl);
    }
    if (file.startsWith(assets + path.sep)) return next();
    if (!req.accepts('html')) return next();
    // A pre-rendered page's folder (`/about` → `about/index.html`) is served here, never redirected to `/about/`.
    const prerendered = path.join(file, 'index.html');
    if (!isFile(prerendered)) {
      // A path the app has no page for still gets the app (it renders its "not found" screen), as a 404.
      if (!isWebPagePath(pathname)) {
        res.status(404);
        return sendFile(req, res, root, shell, 'no-cache');
      }
      // The app shell reads the session first, then (signed in) the page's first read: both start with the
      // page's code. The second is asked for only for a signed-in user, as a visitor's would answer 401; a
      // public page's first read (an organization's branding) for anyone.
      const publicRead = publicFirstReadOf(pathname);
      const reads = publicRead === undefined ? [SESSION_READ_PATH] : [SESSION_READ_PATH, publicRead];
      const firstRead = firstReadOf(pathname);
      if (firstRead === undefined || !options.signedIn) {
        res.setHeader('link', preloadLink(reads));
        return sendFile(req, res, root, shell, 'no-cache');
      }
      res.vary('cookie');
      return options.signedIn(req, res).then((signedIn) => {
        res.setHeader('link', preloadLink(signedIn ? [...reads, firstRead] : reads));
        sendFile(req, res, root, shell, 'no-cache');
      }, next);
    }
    // The page depends on who asks and in which language: caches must key it by both.
    res.vary('cookie');
    res.vary('accept-language');
    const page = pageInVisitorLanguage(
      req,
      preRenderedFileFor(file, new URL(req.originalUrl, 'http://gateway.invalid').searchParams),
    );
    if (!options.signedIn) return sendFile(req, res, root, page, 'no-cache');
    options.signedIn(req, res).then((signedIn) => {
      // A signed-in user gets the app shell, which reads the session first (a visitor's page has it read
      // once the page is shown: nothing to hurry there).
      if (signedIn) res.setHeader('link', preloadLink([SESSION_READ_PATH]));
      sendFile(req, res, root, signedIn ? shell : page, 'no-cache');
    }, next);
  });
  return router;
}
