import type { RequestHandler } from 'express';
import { AppError } from '@app/common';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Header the web app sends on every call. A cross-site page cannot send it without a CORS preflight, which is never allowed. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a state-changing call may come from: the configured ones (PUBLIC_URL), never one derived
 * from the request's own Host header, which the client chooses. Outside production a loopback PUBLIC_URL
 * also admits its other loopback spellings on the same port (`localhost` ↔ `127.0.0.1` ↔ `[::1]`), so a
 * local run works whichever of them the browser was pointed at.
 */
export function trustedOrigins(configured: readonly string[], production: boolean): Set<string> {
  const origins = new Set<string>();
  for (const value of configured) {
    const url = new URL(value);
    origins.add(url.origin);
    if (production || !LOOPBACK_HOSTS.includes(url.hostname)) continue;
    for (const host of LOOPBACK_HOSTS) {
      const alias = new URL(url.origin);
      alias.hostname = host;
      origins.add(alias.origin);
    }
  }
  return origins;
}

/**
 * CSRF defence for state-changing calls (login and registration included): refuse requests the browser
 * marks as cross-site, requests whose Origin is not a trusted one (or is `null`), and requests without the
 * custom header (which also covers form-encoded posts from other sites).
 */
export function csrfProtection(
  allowed: ReadonlySet<string>,
  /**
   * `POST <path>` calls let through: only ones a token in the request authorizes, never the session (the
   * RFC 8058 one-click unsubscribe, which mail providers post form-encoded from their servers).
   */
  exemptPosts: readonly string[] = [],
  /**
   * Issue 19: origins outside `allowed` that are trusted all the same: an organization's custom domain
   * (looked up, cached). Never rejects.
   */
  extraOrigin?: (origin: string) => Promise<boolean>,
): RequestHandler {
  const exempt = new Set(exemptPosts);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.method === 'POST' && exempt.has(`${req.baseUrl}${req.path}`)) return next();
    const fetchSite = req.get('sec-fetch-site');
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      return next(AppError.forbidden('Cross-site request refused', 'CSRF.CROSS_SITE'));
    }
    const headerCheck = () => {
      if (req.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
        return next(AppError.forbidden('Missing anti-forgery header', 'CSRF.MISSING_HEADER'));
      }
      next();
    };
    const badOrigin = () => next(AppError.forbidden('Cross-site request refused', 'CSRF.BAD_ORIGIN'));
    const origin = req.get('origin');
    if (origin !== undefined && !allowed.has(origin)) {
      if (origin === 'null' || !extraOrigin) return badOrigin();
      return void extraOrigin(origin).then(
        (trusted) => (trusted ? headerCheck() : badOrigin()),
        () => badOrigin(),
      );
    }
    headerCheck();
  };
}
