import helmet from 'helmet';
import type { Request, RequestHandler, Response } from 'express';

/**
 * Security headers on every response class (pages, assets, API answers, proxy errors). antd injects its
 * styles at run time, hence 'unsafe-inline' for styles only; organization logos may come from any https host.
 */
export function securityHeaders(production: boolean): RequestHandler {
  return precomputed(helmetFor(production));
}

function helmetFor(production: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * helmet's headers, worked out once: none of them depends on the request (no nonces, no per-request
 * directives), so helmet runs once against a recording response when the gateway starts, and each request
 * gets the recorded headers in one step instead of a dozen nested middlewares (issue 22, the gateway hop).
 */
function precomputed(middleware: RequestHandler): RequestHandler {
  const set: Array<[string, string | number | readonly string[]]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let called = false;
  void middleware(
    { headers: {}, method: 'GET', url: '/' } as Request,
    recorder as unknown as Response,
    (err?: unknown) => {
      if (err) throw err;
      called = true;
    },
  );
  if (!called) throw new Error('security headers: helmet did not finish synchronously');
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
