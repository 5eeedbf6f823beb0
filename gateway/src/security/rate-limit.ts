import { createHash } from 'node:crypto';
import { rateLimit, type Store as RateLimitStore } from 'express-rate-limit';
import { RedisStore as RateLimitRedisStore, type RedisReply } from 'rate-limit-redis';
import type { Redis } from 'ioredis';
import type { Request, RequestHandler } from 'express';
import { AppError } from '@app/common';

export interface LoginLimitOptions {
  redis: Redis | null;
  windowMinutes: number;
  perAccount: number;
  perClient: number;
  registerPerClient: number;
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
  (message: string): RequestHandler =>
  (_req, res, next) => {
    const retryAfter = res.getHeader('retry-after');
    next(
      new AppError('AUTH.RATE_LIMITED', 429, message, {
        headers: retryAfter ? { 'Retry-After': String(retryAfter) } : {},
      }),
    );
  };

function accountName(req: Request): string | null {
  const username = (req.body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' ? username.trim().toLowerCase().slice(0, 320) : null;
}

/**
 * Login and registration limits, shared across gateway instances through Redis. Failed logins are counted
 * per account and per client address; a store failure is never a bypass (it becomes a 503).
 */
export function authRateLimits(options: LoginLimitOptions): {
  login: RequestHandler[];
  register: RequestHandler;
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
  const perAccount = rateLimit({
    ...common,
    limit: options.perAccount,
    skipSuccessfulRequests: true,
    keyGenerator: (req) => accountName(req) ?? '',
    // No account named (a malformed body, refused with 400): only the per-client limit applies, so such
    // requests never share one counter that would lock out every other malformed-but-honest client.
    skip: (req) => accountName(req) === null,
    store: store(options.redis, 'vr:rl:login-account:'),
    handler: tooMany('Too many sign-in attempts for this account. Please wait a few minutes and try again.'),
  });
  const register = rateLimit({
    ...common,
    limit: options.registerPerClient,
    store: store(options.redis, 'vr:rl:register-ip:'),
    handler: tooMany('Too many registrations from this address. Please try again later.'),
  });
  const storeDown =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      handler(req, res, (err?: unknown) =>
        err && !(err instanceof AppError)
          ? next(
              AppError.unavailable(
                'Sign-in is temporarily unavailable. Please try again shortly.',
                'RATE_LIMIT.STORE_UNAVAILABLE',
              ),
            )
          : next(err),
      );
  return { login: [storeDown(perClient), storeDown(perAccount)], register: storeDown(register) };
}
