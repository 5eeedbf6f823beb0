import { REVOCATION_RETRY } from '../src/main.ts';

describe('session revocations from the bus', () => {
  it('keep being retried for over ten minutes of session-store outage, each wait at most a minute', () => {
    const waits = Array.from({ length: REVOCATION_RETRY.maxAttempts - 1 }, (_, i) =>
      REVOCATION_RETRY.retryDelayMs(i + 1),
    );
    expect(waits.slice(0, 3)).toEqual([1000, 2000, 4000]);
    expect(Math.max(...waits)).toBe(60_000);
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThan(10 * 60_000);
    // Each distinct wait is a delay queue on RabbitMQ: keep them few.
    expect(new Set(waits).size).toBeLessThanOrEqual(8);
  });
});
