import type { Redis } from 'ioredis';
import type { Store } from 'express-session';

/**
 * Remembers which sessions belong to which user, so that a password change, an account deletion or an
 * admin action can end the user's other sessions. Kept beside the store (not consulted on reads, so an
 * authenticated read still costs one store command).
 */
export interface SessionRegistry {
  add(userId: string, sessionId: string, ttlSeconds: number): Promise<void>;
  /** Ends every session of the user except `exceptSessionId`. */
  revokeUser(userId: string, exceptSessionId?: string): Promise<void>;
}

function destroy(store: Store, sid: string): Promise<void> {
  return new Promise((resolve, reject) =>
    store.destroy(sid, (err?: unknown) => (err ? reject(err) : resolve())),
  );
}

export function createRedisSessionRegistry(
  redis: Redis,
  store: Store,
  prefix = 'vr:user-sessions:',
): SessionRegistry {
  return {
    async add(userId, sessionId, ttlSeconds) {
      const key = prefix + userId;
      await redis.multi().sadd(key, sessionId).expire(key, ttlSeconds, 'GT').exec();
      // EXPIRE ... GT does nothing on a key without TTL; make sure a fresh key gets one.
      await redis.expire(key, ttlSeconds, 'NX');
    },
    async revokeUser(userId, exceptSessionId) {
      const key = prefix + userId;
      const ids = await redis.smembers(key);
      const doomed = ids.filter((id) => id !== exceptSessionId);
      for (const sid of doomed) await destroy(store, sid);
      if (doomed.length) await redis.srem(key, ...doomed);
    },
  };
}

export function createMemorySessionRegistry(store: Store): SessionRegistry {
  const byUser = new Map<string, Set<string>>();
  return {
    async add(userId, sessionId) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(sessionId);
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
