import { unsign } from 'cookie-signature';
import session, { MemoryStore, type SessionData, type Store } from 'express-session';
import { RedisStore } from 'connect-redis';
import type { Redis } from 'ioredis';
import type { Request, RequestHandler, Response } from 'express';
import { AppError, sessionStoreErrors, type Logger } from '@app/common';
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
/** The first `vr.sid` of a Cookie header (as the cookie module reads it: the first one counts). */
const SESSION_COOKIE_VALUE = /(?:^|;)\s*vr\.sid=([^;]*)/;
const STORE_PREFIX = 'vr:sess:';

/**
 * The session id a Cookie header carries, once its signature holds under one of the secrets; undefined for
 * no cookie, an unsigned one or a forged one. The same reading as express-session's (`s:<id>.<HMAC-SHA256 of
 * the id, base64 without padding>`, URI-encoded, optionally quoted, verified by the same `cookie-signature`),
 * so either may read what the other wrote.
 */
export function signedSessionId(header: string | undefined, secrets: readonly string[]): string | undefined {
  if (header === undefined) return undefined;
  let value = SESSION_COOKIE_VALUE.exec(header)?.[1]?.trim();
  if (!value) return undefined;
  if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // As the cookie module does: a value that does not decode is taken as it is (and fails below).
    }
  }
  if (!value.startsWith('s:') || value.lastIndexOf('.') < 2) return undefined;
  for (const secret of secrets) {
    const id = unsign(value.slice(2), secret);
    if (id !== false) return id;
  }
  return undefined;
}

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
  /** Where a failed idle-timer refresh is reported (the request goes on: the session still lives). */
  logger?: Logger;
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
        prefix: STORE_PREFIX,
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

  const secrets = typeof options.secret === 'string' ? [options.secret] : options.secret;
  // What the sessions' own methods (`save`, `regenerate`, `destroy`) reach through the request: the store,
  // which express-session's middleware gave its `generate` when it was made (above).
  const sessionStore = store as Request['sessionStore'];
  /** Requests whose session the read path below loaded (without express-session's hooks). */
  const readOnly = new WeakSet<Request>();

  /**
   * Pushes a session's idle timer forward. With Redis only while the session still exists (`XX`): a refresh
   * racing a sign-out or a revocation never brings the ended session back.
   */
  const refresh = (id: string, s: SessionData): Promise<unknown> =>
    options.redis
      ? options.redis.set(STORE_PREFIX + id, JSON.stringify(s), 'EX', ttlSeconds(s), 'XX')
      : promisify((cb) => store.set(id, s, cb));

  /**
   * The read path of every request with the session cookie (issue 22, the signed-in hop): the cookie's
   * signature, one store read, the lifetimes. express-session's own middleware also hashes the session twice
   * (SHA-1 of its JSON, to tell whether to save it) and wraps the answer's `end` and `writeHead` for every
   * request; nothing the gateway does on a read changes a session, so it runs only where one is changed
   * (`open`, `bindSsoFlow`, below).
   */
  const middleware: RequestHandler = (req, res, next) => {
    const id = signedSessionId(req.headers.cookie, secrets);
    // No (valid) session cookie, no session to load: the request goes on without one (most anonymous calls),
    // and a sign-in makes one when the service asks for it (`open`).
    if (id === undefined) return next();
    req.sessionStore = sessionStore;
    store.get(id, (err: unknown, data?: SessionData | null) => {
      if (err) {
        sessionStoreErrors.inc({ operation: 'load' });
        return next(
          AppError.unavailable(
            'Sign-in is temporarily unavailable. Please try again shortly.',
            'SESSION.STORE_UNAVAILABLE',
          ),
        );
      }
      if (!data) return next();
      req.sessionID = id;
      const s = store.createSession(req, data);
      readOnly.add(req);
      if (!s.userId) return next();
      const now = clock();
      // The store's TTL enforces both lifetimes with Redis; this check also covers the memory store.
      if (now - (s.createdAt ?? 0) > absoluteMs || now - (s.touchedAt ?? 0) > idleFor(s)) {
        res.clearCookie(SESSION_COOKIE, cookieOptions);
        return s.destroy(() => next());
      }
      // Refresh the idle timer at most every tenth of the window, so most reads cost one store command.
      if (now - (s.touchedAt ?? 0) <= idleFor(s) / 10) return next();
      s.touchedAt = now;
      refresh(id, s).then(
        () => next(),
        (refreshErr: unknown) => {
          // The session lives on until the timer it has; the next request tries again.
          sessionStoreErrors.inc({ operation: 'touch' });
          options.logger?.warn({ err: refreshErr }, "refreshing a session's idle timer failed");
          next();
        },
      );
    });
  };

  /**
   * Before a session changes: express-session's middleware for this request, which sets the cookie of a new
   * session id and saves what changes when the answer goes out. A request without a session gets a fresh
   * one; a session loaded by the read path is loaded again through it.
   */
  const changing = async (req: Request, res: Response): Promise<void> => {
    if (req.session && !readOnly.has(req)) return;
    readOnly.delete(req);
    delete (req as Partial<Request>).session;
    await promisify((cb) => base(req, res, cb));
  };

  return {
    middleware,
    registry,
    store,
    cookieOptions,
    async open(req, res, userId, remember, ssoOrganizationId) {
      // express-session makes the new session and sets its cookie when the answer's headers go out.
      await changing(req, res);
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
      // Signing in then regenerates it again (`open`), which drops the flow.
      await changing(req, res);
      if (!req.session.userId) await promisify((cb) => req.session.regenerate(cb));
      req.session.ssoFlow = flowId;
      if (!req.session.userId) req.session.touchedAt = clock();
      await promisify((cb) => req.session.save(cb));
    },
    async close(req) {
      if (req.session) await promisify((cb) => req.session.destroy(cb));
    },
    signedIn(req, res) {
      return new Promise((resolve) => {
        middleware(req, res, (err?: unknown) => resolve(!err && Boolean(req.session?.userId)));
      });
    },
  };
}
