import type { Redis } from 'ioredis';

/**
 * Counters behind the password throttles (sign-in, password change, account deletion), in Redis so they
 * hold across gateway instances, or in memory (one gateway process). Each attempt is checked and counted
 * in one step (parallel guesses cannot all slip through before the first is counted). Every operation may
 * reject when the store is down: the caller turns that into a 503, never a bypass.
 */
export interface ThrottleStore {
  /**
   * Growing delays. Answers the milliseconds `key` must still wait (nothing counted), or 0 and counts the
   * attempt: from the `free`-th counted attempt on, the key then waits `baseMs · 2^(attempts − free)`
   * (at most `maxMs`). The count is forgotten `forgetMs` after the last attempt, or by `forgive`.
   */
  attemptWithDelay(key: string, now: number, policy: DelayPolicy): Promise<number>;
  /** A fixed window from the first attempt: once `limit` are counted, the key waits until it ends. */
  attemptInWindow(key: string, now: number, limit: number, windowMs: number): Promise<number>;
  /** Forgets every attempt of `key` (a success). */
  forgive(key: string): Promise<void>;
  /** Uncounts one attempt of a window key (a success that must not use up the window). */
  uncount(key: string): Promise<void>;
}

export interface DelayPolicy {
  free: number;
  baseMs: number;
  maxMs: number;
  forgetMs: number;
}

export function delayAfter(attempts: number, policy: DelayPolicy): number {
  if (attempts < policy.free) return 0;
  return Math.min(policy.baseMs * 2 ** (attempts - policy.free), policy.maxMs);
}

// KEYS[1]; ARGV: now, free, baseMs, maxMs, forgetMs. The same rule as delayAfter, atomically.
const ATTEMPT_WITH_DELAY = `
local now = tonumber(ARGV[1])
local blocked = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if blocked > now then return blocked - now end
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
local free = tonumber(ARGV[2])
if n >= free then
  redis.call('HSET', KEYS[1], 'until', now + math.min(tonumber(ARGV[3]) * 2 ^ (n - free), tonumber(ARGV[4])))
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0`;

// KEYS[1]; ARGV: now, limit, windowMs. The window (and the key) ends windowMs after its first attempt.
const ATTEMPT_IN_WINDOW = `
local now = tonumber(ARGV[1])
local blocked = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if blocked > now then return blocked - now end
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
if n == 1 then
  redis.call('HSET', KEYS[1], 'start', now)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
if n >= tonumber(ARGV[2]) then
  local start = tonumber(redis.call('HGET', KEYS[1], 'start') or now)
  redis.call('HSET', KEYS[1], 'until', start + tonumber(ARGV[3]))
end
return 0`;

export function createRedisThrottleStore(redis: Redis, prefix = 'vr:throttle:'): ThrottleStore {
  return {
    async attemptWithDelay(key, now, p) {
      return Number(
        await redis.eval(ATTEMPT_WITH_DELAY, 1, prefix + key, now, p.free, p.baseMs, p.maxMs, p.forgetMs),
      );
    },
    async attemptInWindow(key, now, limit, windowMs) {
      return Number(await redis.eval(ATTEMPT_IN_WINDOW, 1, prefix + key, now, limit, windowMs));
    },
    async forgive(key) {
      await redis.del(prefix + key);
    },
    async uncount(key) {
      // Only while the key lives (HINCRBY would otherwise create one without expiry).
      if (await redis.exists(prefix + key)) await redis.hincrby(prefix + key, 'n', -1);
    },
  };
}

interface Entry {
  n: number;
  start: number;
  until: number;
  expiresAt: number;
}

export function createMemoryThrottleStore(maxKeys = 100_000): ThrottleStore {
  const entries = new Map<string, Entry>();
  const entry = (key: string, now: number): Entry => {
    const existing = entries.get(key);
    if (existing && existing.expiresAt > now) return existing;
    entries.delete(key);
    // Bounded: the oldest keys go first (a Map iterates in insertion order).
    if (entries.size >= maxKeys) entries.delete(entries.keys().next().value!);
    const fresh = { n: 0, start: now, until: 0, expiresAt: Number.POSITIVE_INFINITY };
    entries.set(key, fresh);
    return fresh;
  };
  return {
    async attemptWithDelay(key, now, policy) {
      const e = entry(key, now);
      if (e.until > now) return e.until - now;
      e.n += 1;
      if (e.n >= policy.free) e.until = now + delayAfter(e.n, policy);
      e.expiresAt = now + policy.forgetMs;
      return 0;
    },
    async attemptInWindow(key, now, limit, windowMs) {
      const e = entry(key, now);
      if (e.until > now) return e.until - now;
      e.n += 1;
      if (e.n === 1) e.expiresAt = now + windowMs;
      if (e.n >= limit) e.until = e.start + windowMs;
      return 0;
    },
    async forgive(key) {
      entries.delete(key);
    },
    async uncount(key) {
      const e = entries.get(key);
      if (e) e.n = Math.max(0, e.n - 1);
    },
  };
}
