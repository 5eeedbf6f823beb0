import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { AppError } from './errors.ts';

/** Header carrying the gateway's (or a calling service's) signed identity. Clients can never set it. */
export const IDENTITY_HEADER = 'x-internal-identity';

/**
 * Who a request is for, as the gateway vouches. `sub` is the signed-in user's id, or null for an
 * anonymous visitor; `sid` the session id (the gateway uses it to end sessions); `svc` names a calling
 * service on internal calls; `aud` the service the identity was minted for; `exp` a unix time in ms.
 */
export interface Identity {
  sub: string | null;
  sid?: string;
  svc?: string;
  aud: string;
  cid?: string;
  /** The client address as the gateway saw it (for per-client limits in services). */
  ip?: string;
  /** Issue 19: the SSO sign-in in progress bound to this browser's session (the auth service's flow id). */
  flow?: string;
  /** Issue 19: the organization whose SSO connection opened this session. */
  sso?: string;
  exp: number;
}

/** Short lifetime: an identity only has to survive one hop. */
export const IDENTITY_TTL_MS = 30_000;

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

export function signIdentity(
  secret: string,
  identity: Omit<Identity, 'exp'> & { exp?: number },
  now: number = Date.now(),
): string {
  const full: Identity = { ...identity, exp: identity.exp ?? now + IDENTITY_TTL_MS };
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/**
 * Returns the identity if the token is authentic (signed with one of `secrets`), unexpired and meant for
 * `audience`; else null.
 */
export function verifyIdentity(
  secrets: string | readonly string[],
  token: string | undefined,
  audience: string,
  now: number = Date.now(),
): Identity | null {
  if (!token || token.length > 4096) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  // The current secret first; earlier ones only while a rotation is under way (INTERNAL_SECRET_PREVIOUS).
  const authentic = (typeof secrets === 'string' ? [secrets] : secrets).some((secret) => {
    const expected = mac(secret, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!authentic) return null;
  let identity: Identity;
  try {
    identity = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Identity;
  } catch {
    return null;
  }
  if (typeof identity !== 'object' || identity === null) return null;
  if (identity.aud !== audience) return null;
  if (typeof identity.exp !== 'number' || identity.exp < now) return null;
  if (identity.sub !== null && typeof identity.sub !== 'string') return null;
  return identity;
}

declare module 'express-serve-static-core' {
  interface Request {
    identity?: Identity;
  }
}

/**
 * Every service route sits behind this: a request without a valid identity minted for this service
 * (i.e. one that bypassed the gateway, or was forged, expired or misdirected) gets 401.
 */
export function requireIdentity(
  secrets: string | readonly string[],
  audience: string,
  clock: () => number = Date.now,
): RequestHandler {
  return (req, _res, next) => {
    const identity = verifyIdentity(secrets, req.get(IDENTITY_HEADER), audience, clock());
    if (!identity)
      return next(AppError.unauthorized('Missing or invalid internal identity', 'AUTH.INVALID_IDENTITY'));
    req.identity = identity;
    next();
  };
}

/** The signed-in user's id, or 401 for anonymous visitors. */
export function requireUserId(req: { identity?: Identity }): string {
  const sub = req.identity?.sub;
  if (!sub) throw AppError.unauthorized();
  return sub;
}

/** Internal endpoints accept only calls signed by another service (not a user request forwarded by the gateway). */
export const requireServiceCaller: RequestHandler = (req, _res, next) => {
  if (!req.identity?.svc) return next(AppError.forbidden('Internal endpoint', 'AUTH.INTERNAL_ONLY'));
  next();
};
