import type { Redis } from 'ioredis';
import type { Store } from 'express-session';

/**
 * Remembers which sessions belong to which user, in the order they began, so that a password change, an
 * account deletion or an admin action can end the user's other sessions, and a sign-in beyond the
 * per-user limit ends the oldest. Kept beside the store (not consulted on reads, so an authenticated read
 * still costs one store command).
 */
export interface SessionRegistry {
  /**
   * Records a new session. With `limit`, the user's oldest sessions beyond it end (sessions that already
   * expired in the store are the oldest and go first, ending nothing live).
   */
  add(userId: string, sessionId: string, ttlSeconds: number, limit?: number): Promise<void>;
  /** Ends every session of the user except `exceptSessionId`. */
  revokeUser(userId: string, exceptSessionId?: string): Promise<void>;
}

function destroy(store: Store, sid: string): Promise<void> {
  return new Promise((resolve, reject) =>
    store.destroy(sid, (err?: unknown) => (err ? reject(err) : resolve())),
  );
}

/**
 * A sorted set per user (score: when the session began). `legacyPrefix` names the plain sets earlier
 * versions kept: still read by `revokeUser` until their TTL (at most the longest session) runs out.
 */
export function createRedisSessionRegistry(
  redis: Redis,
  store: Store,
  clock: () => number = Date.now,
  prefix = 'vr:user-sessions:z:',
  legacyPrefix = 'vr:user-sessions:',
): SessionRegistry {
  return {
    async add(userId, sessionId, ttlSeconds, limit) {
      const key = prefix + userId;
      await redis.multi().zadd(key, clock(), sessionId).expire(key, ttlSeconds, 'GT').exec();
      // EXPIRE ... GT does nothing on a key without TTL; make sure a fresh key gets one.
      await redis.expire(key, ttlSeconds, 'NX');
      if (limit === undefined) return;
      const excess = (await redis.zcard(key)) - limit;
      if (excess <= 0) return;
      const oldest = (await redis.zrange(key, 0, excess - 1)).filter((sid) => sid !== sessionId);
      for (const sid of oldest) await destroy(store, sid);
      if (oldest.length) await redis.zrem(key, ...oldest);
    },
    async revokeUser(userId, exceptSessionId) {
      const key = prefix + userId;
      const legacyKey = legacyPrefix + userId;
      const [ids, legacyIds] = await Promise.all([redis.zrange(key, 0, -1), redis.smembers(legacyKey)]);
      const doomed = ids.filter((id) => id !== exceptSessionId);
      const legacyDoomed = legacyIds.filter((id) => id !== exceptSessionId);
      for (const sid of new Set([...doomed, ...legacyDoomed])) await destroy(store, sid);
      if (doomed.length) await redis.zrem(key, ...doomed);
      if (legacyDoomed.length) await redis.srem(legacyKey, ...legacyDoomed);
    },
  };
}

export function createMemorySessionRegistry(store: Store): SessionRegistry {
  // Sets iterate in insertion order: the oldest session first.
  const byUser = new Map<string, Set<string>>();
  return {
    async add(userId, sessionId, _ttlSeconds, limit) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(sessionId);
      if (limit === undefined) return;
      for (const sid of [...set].slice(0, Math.max(0, set.size - limit))) {
        if (sid === sessionId) continue;
        await destroy(store, sid);
        set.delete(sid);
      }
    },
    async revokeUser(userId, exceptSessionId) {
      const set = byUser.get(userId);
      if (!set) return;
      for (const sid of [...set]) {
        if (sid === exceptSessionId) continue;
        await destroy(store, sid);
        set.delete(sid);
      }
    },
  };
}
