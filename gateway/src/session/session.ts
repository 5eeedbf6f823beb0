import session, { MemoryStore, type SessionData, type Store } from 'express-session';
import { RedisStore } from 'connect-redis';
import type { Redis } from 'ioredis';
import type { Request, RequestHandler, Response } from 'express';
import { AppError, sessionStoreErrors } from '@app/common';
import {
  createMemorySessionRegistry,
  createRedisSessionRegistry,
  type SessionRegistry,
} from './session-registry.ts';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** ms since epoch: when the user signed in (absolute lifetime). */
    createdAt: number;
    /** ms since epoch: the last time the idle timer was refreshed. */
    touchedAt: number;
    remember: boolean;
    /** Issue 19: an SSO sign-in in progress in this browser (the auth service's flow id). */
    ssoFlow?: string;
    /** Issue 19: the organization whose SSO connection opened this session. */
    ssoOrganizationId?: string;
  }
}

export const SESSION_COOKIE = 'vr.sid';
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_COOKIE_PRESENT = /(?:^|;)\s*vr\.sid=/;

export interface SessionOptions {
  /** One secret, or several: the first signs new cookies, every one verifies. */
  secret: string | string[];
  secure: boolean;
  idleMinutes: number;
  absoluteDays: number;
  redis: Redis | null;
  clock: () => number;
  /** Live sessions per user: a sign-in beyond it ends the user's oldest. */
  limitPerUser?: number;
  /** Sign-ins the limit does not apply to (the shared demo account, signed in by every visitor). */
  unlimited?: (req: Request) => boolean;
}

export interface Sessions {
  middleware: RequestHandler;
  registry: SessionRegistry;
  store: Store;
  /** Signs the user in on a fresh session id (the old id is dead). */
  open(
    req: Request,
    res: Response,
    userId: string,
    remember: boolean,
    ssoOrganizationId?: string,
  ): Promise<void>;
  /** Binds an SSO sign-in in progress to this browser's session (a visitor gets a session for it). */
  bindSsoFlow(req: Request, res: Response, flowId: string): Promise<void>;
  close(req: Request): Promise<void>;
  /**
   * Whether the request carries a live signed-in session (for pages outside /api). Only a request with
   * the session cookie costs a store lookup; a store failure answers false.
   */
  signedIn(req: Request, res: Response): Promise<boolean>;
  cookieOptions: { path: string; httpOnly: boolean; sameSite: 'lax'; secure: boolean };
}

function promisify(fn: (cb: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));
}

export function createSessions(options: SessionOptions): Sessions {
  const { clock } = options;
  const idleMs = options.idleMinutes * 60_000;
  const absoluteMs = options.absoluteDays * 24 * 60 * 60_000;
  const idleFor = (s: Partial<SessionData>) => (s.remember ? Math.max(REMEMBER_MS, idleMs) : idleMs);

  /** Seconds the store keeps a session: the idle window, but never past the absolute lifetime. */
  const ttlSeconds = (s: Partial<SessionData>): number => {
    const now = clock();
    const absoluteLeft = (s.createdAt ?? now) + absoluteMs - now;
    return Math.max(1, Math.ceil(Math.min(idleFor(s), absoluteLeft) / 1000));
  };

  const store: Store = options.redis
    ? new RedisStore({
        client: options.redis,
        prefix: 'vr:sess:',
        ttl: (s: SessionData) => ttlSeconds(s),
        disableTouch: true,
      })
    : new MemoryStore();
  const registry = options.redis
    ? createRedisSessionRegistry(options.redis, store, clock)
    : createMemorySessionRegistry(store);

  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: options.secure };
  const base = session({
    name: SESSION_COOKIE,
    secret: options.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    // Not 'destroy': when the store fails to load a session, req.session is unset, and 'destroy' would
    // then delete a perfectly good session once the store is back. Sessions end only explicitly.
    unset: 'keep',
    proxy: undefined,
    cookie: { ...cookieOptions, maxAge: undefined },
  });

  const middleware: RequestHandler = (req, res, next) => {
    // No session cookie, no session to load: the request goes on without one (most anonymous calls), and
    // a sign-in makes one when the service asks for it (`open`). express-session would otherwise make,
    // track and then drop a fresh session for every such request.
    if (!SESSION_COOKIE_PRESENT.test(req.headers.cookie ?? '')) return next();
    base(req, res, (err?: unknown) => {
      if (err) {
        sessionStoreErrors.inc({ operation: 'load' });
        return next(
          AppError.unavailable(
            'Sign-in is temporarily unavailable. Please try again shortly.',
            'SESSION.STORE_UNAVAILABLE',
          ),
        );
      }
      const s = req.session;
      if (!s?.userId) return next();
      const now = clock();
      // The store's TTL enforces both lifetimes with Redis; this check also covers the memory store.
      if (now - (s.createdAt ?? 0) > absoluteMs || now - (s.touchedAt ?? 0) > idleFor(s)) {
        res.clearCookie(SESSION_COOKIE, cookieOptions);
        return s.destroy(() => next());
      }
      // Refresh the idle timer at most every tenth of the window, so most reads cost one store command.
      if (now - (s.touchedAt ?? 0) > idleFor(s) / 10) s.touchedAt = now;
      next();
    });
  };

  return {
    middleware,
    registry,
    store,
    cookieOptions,
    async open(req, res, userId, remember, ssoOrganizationId) {
      // A request that came without a session cookie has no session yet: express-session makes one now
      // (and, as for any session, sets its cookie when the answer's headers go out).
      if (!req.session) await promisify((cb) => base(req, res, cb));
      await promisify((cb) => req.session.regenerate(cb));
      const now = clock();
      req.session.userId = userId;
      if (ssoOrganizationId) req.session.ssoOrganizationId = ssoOrganizationId;
      req.session.createdAt = now;
      req.session.touchedAt = now;
      req.session.remember = remember;
      // Remember me on: a 30-day cookie; off: a browser-session cookie.
      req.session.cookie.maxAge = remember ? REMEMBER_MS : undefined;
      await promisify((cb) => req.session.save(cb));
      const limit = options.unlimited?.(req) ? undefined : options.limitPerUser;
      await registry.add(userId, req.sessionID, Math.ceil(Math.max(REMEMBER_MS, absoluteMs) / 1000), limit);
    },
    async bindSsoFlow(req, res, flowId) {
      // A visitor's session only carries the flow: a fresh id each time, kept for the store's idle window.
      // Signing in then regenerates it again (`open`), which drops the flow. A visitor who came without a
      // session cookie has no session yet: express-session makes one now, as in `open`.
      if (!req.session) await promisify((cb) => base(req, res, cb));
      if (!req.session.userId) await promisify((cb) => req.session.regenerate(cb));
      req.session.ssoFlow = flowId;
      if (!req.session.userId) req.session.touchedAt = clock();
      await promisify((cb) => req.session.save(cb));
    },
    async close(req) {
      if (req.session) await promisify((cb) => req.session.destroy(cb));
    },
    signedIn(req, res) {
      if (!SESSION_COOKIE_PRESENT.test(req.headers.cookie ?? '')) return Promise.resolve(false);
      return new Promise((resolve) => {
        middleware(req, res, (err?: unknown) => resolve(!err && Boolean(req.session?.userId)));
      });
    },
  };
}
