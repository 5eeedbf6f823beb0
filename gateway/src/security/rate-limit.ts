import { createHash } from 'node:crypto';
import { rateLimit, type Store as RateLimitStore } from 'express-rate-limit';
import { RedisStore as RateLimitRedisStore, type RedisReply } from 'rate-limit-redis';
import type { Redis } from 'ioredis';
import type { Request, RequestHandler, Response } from 'express';
import { AppError, type Logger } from '@app/common';
import {
  createMemoryThrottleStore,
  createRedisThrottleStore,
  type DelayPolicy,
  type ThrottleStore,
} from './throttle.ts';

export interface LoginLimitOptions {
  redis: Redis | null;
  windowMinutes: number;
  /** The global ceiling: wrong passwords per account (any client) in the window. */
  perAccount: number;
  perClient: number;
  registerPerClient: number;
  /** Issue 19: "Continue with SSO" starts per client address (each stores a flow and a visitor session). */
  ssoStartPerClient: number;
  /** Wrong passwords per (account, client) before the growing delays start. */
  freeAttempts: number;
  /** The longest delay between two tries of one (account, client), in seconds. */
  maxDelaySeconds: number;
  /** Successful sign-ins per account per minute. */
  signInsPerMinute: number;
  resetPerAddress: number;
  resetPerClient: number;
  contactPerClient: number;
  contactWindowMinutes: number;
  /** Public calendar feed fetches per client address per minute (issue 17). */
  calendarFeedPerMinute: number;
  /** The shared demo account (normalised): strangers never lock it (no per-account ceiling). */
  demoUsername: string;
  clock: () => number;
  logger: Logger;
}

/**
 * rate-limit-redis loads its Lua scripts once at start and never recovers if Redis was unreachable then.
 * So script loading is answered locally (the SHA1 of the script) and EVALSHA falls back to EVAL when
 * Redis does not know the script yet: the limiter works from whenever Redis is reachable.
 */
function redisCommands(redis: Redis) {
  const scripts = new Map<string, string>();
  return async (command: string, ...args: string[]): Promise<RedisReply> => {
    if (command.toUpperCase() === 'SCRIPT' && args[0]?.toUpperCase() === 'LOAD' && args[1]) {
      const sha = createHash('sha1').update(args[1]).digest('hex');
      scripts.set(sha, args[1]);
      return sha;
    }
    if (command.toUpperCase() === 'EVALSHA' && args[0]) {
      try {
        return (await redis.call(command, ...args)) as RedisReply;
      } catch (err) {
        const script = scripts.get(args[0]);
        if (!script || !/^NOSCRIPT/.test((err as Error).message)) throw err;
        return (await redis.call('EVAL', script, ...args.slice(1))) as RedisReply;
      }
    }
    return (await redis.call(command, ...args)) as RedisReply;
  };
}

function store(redis: Redis | null, prefix: string): RateLimitStore | undefined {
  if (!redis) return undefined; // express-rate-limit's memory store: one gateway process only
  return new RateLimitRedisStore({ prefix, sendCommand: redisCommands(redis) });
}

const tooMany =
  (message: string, code = 'AUTH.RATE_LIMITED'): RequestHandler =>
  (_req, res, next) => {
    const retryAfter = res.getHeader('retry-after');
    next(
      new AppError(code, 429, message, {
        headers: retryAfter ? { 'Retry-After': String(retryAfter) } : {},
      }),
    );
  };

const limited = (message: string, waitMs: number): AppError =>
  new AppError('AUTH.RATE_LIMITED', 429, message, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });

/** Keys never carry an address in clear (Redis dumps, logs): a short hash of it. */
const hashed = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 22);

const clientOf = (req: Request): string => req.ip ?? 'unknown';

export interface PasswordThrottleOptions {
  store: ThrottleStore;
  clock: () => number;
  logger: Logger;
  /** Distinguishes the counters of sign-in from those of the signed-in password checks. */
  name: string;
  /** Whose password is tried (null: nothing to throttle, e.g. a malformed body the service refuses). */
  account: (req: Request) => string | null;
  /** Whether an answer proves the password was right (forgives this client) or wrong (counts). */
  outcome: (status: number) => 'right' | 'wrong' | 'other';
  pair: DelayPolicy;
  ceiling: { limit: number; windowMs: number };
  /** Accounts without the per-account ceiling (the demo account: strangers must never lock it). */
  ceilingExempt: (account: string) => boolean;
}

/**
 * Lock the attacker out, not the owner. Wrong passwords are counted per (account, client): after a few,
 * that client waits 1 s, 2 s, 4 s … (at most the configured delay) between tries, while the owner on
 * another client is unaffected. A global per-account ceiling, far higher, stops a spread-out attack.
 * Attempts are counted before the service answers (so parallel guesses cannot all slip through); a right
 * password forgives the pair and uncounts itself from the ceiling.
 */
export function passwordThrottle(options: PasswordThrottleOptions): RequestHandler {
  const { store, clock } = options;
  return async (req, res, next) => {
    const account = options.account(req);
    if (account === null) return next();
    const pairKey = `${options.name}:pair:${hashed(account)}:${clientOf(req)}`;
    const ceilingKey = `${options.name}:account:${hashed(account)}`;
    const exempt = options.ceilingExempt(account);
    try {
      const pairWait = await store.attemptWithDelay(pairKey, clock(), options.pair);
      if (pairWait > 0)
        return next(limited('Too many wrong passwords. Please wait a moment and try again.', pairWait));
      if (!exempt) {
        const ceilingWait = await store.attemptInWindow(
          ceilingKey,
          clock(),
          options.ceiling.limit,
          options.ceiling.windowMs,
        );
        if (ceilingWait > 0)
          return next(
            limited(
              'Too many sign-in attempts for this account. Please wait a few minutes and try again.',
              ceilingWait,
            ),
          );
      }
    } catch {
      return next(storeUnavailable());
    }
    res.once('finish', () => {
      if (options.outcome(res.statusCode) !== 'right') return;
      Promise.all([store.forgive(pairKey), exempt ? undefined : store.uncount(ceilingKey)]).catch(
        (err: unknown) => options.logger.warn({ err }, 'forgiving a right password failed'),
      );
    });
    next();
  };
}

function storeUnavailable(): AppError {
  return AppError.unavailable(
    'Sign-in is temporarily unavailable. Please try again shortly.',
    'RATE_LIMIT.STORE_UNAVAILABLE',
  );
}

/** The account a sign-in (or reset request) names, normalised; null when the body names none. */
export function signInName(req: Request): string | null {
  return accountName(req);
}

function accountName(req: Request): string | null {
  const username = (req.body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' ? username.trim().toLowerCase().slice(0, 320) : null;
}

/**
 * The gateway's abuse limits, shared across gateway instances through Redis; a store failure is never a
 * bypass (it becomes a 503). The README's "Limits" section lists each one with its key and what the user sees.
 */
export function authRateLimits(options: LoginLimitOptions): {
  login: RequestHandler[];
  passwordCheck: RequestHandler;
  register: RequestHandler;
  ssoStart: RequestHandler;
  forgotPassword: RequestHandler[];
  contact: RequestHandler;
  calendarFeed: RequestHandler;
} {
  const windowMs = options.windowMinutes * 60_000;
  const common = {
    windowMs,
    standardHeaders: 'draft-7' as const,
    legacyHeaders: false,
    passOnStoreError: false,
    validate: { trustProxy: false, xForwardedForHeader: false },
  };
  const perClient = rateLimit({
    ...common,
    limit: options.perClient,
    skipSuccessfulRequests: true,
    store: store(options.redis, 'vr:rl:login-ip:'),
    handler: tooMany('Too many sign-in attempts. Please wait a few minutes and try again.'),
  });
  const throttleStore = options.redis ? createRedisThrottleStore(options.redis) : createMemoryThrottleStore();
  const throttle = (
    name: string,
    account: (req: Request) => string | null,
    outcome: PasswordThrottleOptions['outcome'],
  ) =>
    passwordThrottle({
      store: throttleStore,
      clock: options.clock,
      logger: options.logger,
      name,
      account,
      outcome,
      pair: {
        free: options.freeAttempts,
        baseMs: 1000,
        maxMs: options.maxDelaySeconds * 1000,
        forgetMs: 24 * 3_600_000,
      },
      ceiling: { limit: options.perAccount, windowMs },
      ceilingExempt: (account) => account === options.demoUsername,
    });
  // Sign-in: a wrong password is the service's 401; a deactivated account (403) has proven its password.
  const signInThrottle = throttle('login', accountName, (status) =>
    status < 300 || status === 403 ? 'right' : status === 401 ? 'wrong' : 'other',
  );
  // Password change and account deletion through a (possibly stolen) session: keyed by the signed-in user;
  // the service refuses a wrong current password with 400.
  const passwordCheck = throttle(
    'password-check',
    (req) => req.session?.userId ?? null,
    (status) => (status < 300 ? 'right' : status === 400 ? 'wrong' : 'other'),
  );
  // Successful sign-ins per account per minute (the demo account, shared by every visitor, per client too).
  const signInsPerMinute = rateLimit({
    ...common,
    windowMs: 60_000,
    limit: options.signInsPerMinute,
    skipFailedRequests: true,
    keyGenerator: (req) => {
      const account = accountName(req) ?? '';
      return account === options.demoUsername ? `${hashed(account)}:${clientOf(req)}` : hashed(account);
    },
    skip: (req) => accountName(req) === null,
    store: store(options.redis, 'vr:rl:signin-account:'),
    handler: tooMany('Too many sign-ins for this account. Please wait a minute and try again.'),
  });
  const register = rateLimit({
    ...common,
    limit: options.registerPerClient,
    store: store(options.redis, 'vr:rl:register-ip:'),
    handler: tooMany('Too many registrations from this address. Please try again later.'),
  });
  const ssoStart = rateLimit({
    ...common,
    limit: options.ssoStartPerClient,
    store: store(options.redis, 'vr:rl:sso-start-ip:'),
    handler: tooMany('Too many single sign-on attempts from this address. Please try again later.'),
  });
  // Every reset request counts (each one may send an e-mail): per address named, and per client.
  const resetMessage = 'Too many password reset requests. Please wait a while and try again.';
  const resetPerClient = rateLimit({
    ...common,
    limit: options.resetPerClient,
    store: store(options.redis, 'vr:rl:reset-ip:'),
    handler: tooMany(resetMessage),
  });
  const resetPerAddress = rateLimit({
    ...common,
    limit: options.resetPerAddress,
    keyGenerator: (req) => hashed(accountName(req) ?? ''),
    skip: (req) => accountName(req) === null,
    store: store(options.redis, 'vr:rl:reset-address:'),
    handler: tooMany(resetMessage),
  });
  // Accepted contact messages per client (a refused, invalid one does not count): in Redis, so the limit
  // holds whatever the number of gateway and contact replicas.
  const contactLimit = rateLimit({
    ...common,
    windowMs: options.contactWindowMinutes * 60_000,
    limit: options.contactPerClient,
    skipFailedRequests: true,
    store: store(options.redis, 'vr:rl:contact-ip:'),
    handler: (_req: Request, res: Response) => {
      // The contact call's reply shape: `{ success: false, code, message }` (spec §7).
      res.status(429).json({
        success: false,
        code: 'CONTACT.RATE_LIMITED',
        message: 'Too many messages sent. Please try again later.',
      });
    },
  });
  // Public calendar feed fetches per client (issue 17): every fetch counts, found or not (404s are guesses).
  const calendarFeed = rateLimit({
    ...common,
    windowMs: 60_000,
    limit: options.calendarFeedPerMinute,
    store: store(options.redis, 'vr:rl:calendar-ip:'),
    handler: tooMany(
      'Too many calendar feed requests. Please try again later.',
      'CALENDAR_FEED.RATE_LIMITED',
    ),
  });
  const storeDown =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      handler(req, res, (err?: unknown) =>
        err && !(err instanceof AppError) ? next(storeUnavailable()) : next(err),
      );
  return {
    login: [storeDown(perClient), storeDown(signInsPerMinute), signInThrottle],
    passwordCheck,
    register: storeDown(register),
    ssoStart: storeDown(ssoStart),
    forgotPassword: [storeDown(resetPerClient), storeDown(resetPerAddress)],
    contact: storeDown(contactLimit),
    calendarFeed: storeDown(calendarFeed),
  };
}
