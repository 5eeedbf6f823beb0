import { describe, expect, it } from '@jest/globals';
import { planLimitMessage } from '@app/contracts';
import { mayCreateVenture, planLimitReached, ventureLimitOf } from '../src/domain/plan-limit.ts';

describe('the Free plan venture limit', () => {
  it('a user in no organization, or only in Free ones, has the configured limit', () => {
    expect(ventureLimitOf(1, [])).toBe(1);
    expect(ventureLimitOf(3, [{ plan: 'free', isActive: true }])).toBe(3);
  });

  it('a member of an active Enterprise organization has none; an inactive one does not lift it', () => {
    expect(
      ventureLimitOf(1, [
        { plan: 'free', isActive: true },
        { plan: 'enterprise', isActive: true },
      ]),
    ).toBeNull();
    expect(ventureLimitOf(1, [{ plan: 'enterprise', isActive: false }])).toBe(1);
  });

  it('creating is allowed below the limit only; no limit allows any number', () => {
    expect(mayCreateVenture(0, 1)).toBe(true);
    expect(mayCreateVenture(1, 1)).toBe(false);
    expect(mayCreateVenture(5, 1)).toBe(false);
    expect(mayCreateVenture(500, null)).toBe(true);
  });

  it('the refusal is 403 VENTURE.PLAN_LIMIT with the way forward and the limit', () => {
    const error = planLimitReached(1);
    expect(error).toMatchObject({ status: 403, code: 'VENTURE.PLAN_LIMIT', details: { limit: 1 } });
    expect(error.message).toBe(planLimitMessage(1));
    expect(error.message).toBe(
      "The Free plan includes 1 venture. Join your institution's program, or contact us about a plan with more ventures.",
    );
  });
});
