import { createPasswordHasher } from '../../src/domain/password-hash.ts';
import type { AuthContext, Caller } from '../../src/domain/user.ts';
import { createInMemoryUserRepository, type InMemoryUserRepository } from './in-memory-user.repository.ts';

export const DEMO_USERNAME = 'demo@ventureroadmap.app';
/** Signs and verifies unsubscribe links in the tests. */
export const UNSUBSCRIBE_KEY = 'unsubscribe-test-key-unsubscribe-test-key';

export interface TestContext extends AuthContext {
  users: InMemoryUserRepository;
  /** Moves the test clock forward. */
  advance(ms: number): void;
}

/** A use-case context over the in-memory store, a cheap hasher and a controllable clock. */
export function testContext(): TestContext {
  let now = Date.parse('2025-06-01T12:00:00.000Z');
  return {
    users: createInMemoryUserRepository(),
    hasher: createPasswordHasher({ memoryKiB: 1024, passes: 1, parallelism: 1 }),
    settings: {
      publicUrl: 'https://app.example.test',
      resetTokenTtlMinutes: 60,
      demoUsername: DEMO_USERNAME,
      unsubscribeKey: UNSUBSCRIBE_KEY,
    },
    clock: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

export const caller: Caller = { correlationId: 'test-correlation', sessionId: 'session-1' };
