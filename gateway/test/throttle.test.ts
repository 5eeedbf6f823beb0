import { createMemoryThrottleStore, delayAfter } from '../src/security/throttle.ts';

const policy = { free: 3, baseMs: 1000, maxMs: 8000, forgetMs: 60_000 };

describe('the password throttle counters (in memory; the Redis script follows the same rule)', () => {
  test('after the free attempts each try waits twice as long as the one before, up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => delayAfter(n, policy))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 8000,
    ]);
  });

  test('a waiting key is refused without counting; a right password forgives it; a quiet spell forgets it', async () => {
    const store = createMemoryThrottleStore();
    let now = 1_000_000;
    for (let i = 0; i < 3; i++) expect(await store.attemptWithDelay('k', now, policy)).toBe(0);
    expect(await store.attemptWithDelay('k', now + 400, policy)).toBe(600);
    now += 1000;
    expect(await store.attemptWithDelay('k', now, policy)).toBe(0);
    expect(await store.attemptWithDelay('k', now, policy)).toBe(2000);
    await store.forgive('k');
    expect(await store.attemptWithDelay('k', now, policy)).toBe(0);
    expect(await store.attemptWithDelay('k', now + 61_000, policy)).toBe(0);
    expect(await store.attemptWithDelay('other', now, policy)).toBe(0);
  });

  test('a window key refuses once its limit is counted, until the window ends; an uncounted success frees a place', async () => {
    const store = createMemoryThrottleStore();
    const start = 5_000_000;
    expect(await store.attemptInWindow('a', start, 3, 10_000)).toBe(0);
    expect(await store.attemptInWindow('a', start + 1, 3, 10_000)).toBe(0);
    await store.uncount('a');
    expect(await store.attemptInWindow('a', start + 2, 3, 10_000)).toBe(0);
    expect(await store.attemptInWindow('a', start + 3, 3, 10_000)).toBe(0);
    expect(await store.attemptInWindow('a', start + 4_000, 3, 10_000)).toBe(6_000);
    expect(await store.attemptInWindow('a', start + 10_000, 3, 10_000)).toBe(0);
  });
});
