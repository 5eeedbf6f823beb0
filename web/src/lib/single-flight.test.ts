import { newIdempotencyKey } from './single-flight';

describe('newIdempotencyKey', () => {
  it('is 32 hex digits, different every time, and fits the server pattern', async () => {
    const { IDEMPOTENCY_KEY_PATTERN } = await import('@app/contracts');
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(true);
    }
  });
});
