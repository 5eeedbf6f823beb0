import { AppError } from '@app/common';
import { planLimitMessage, type OrganizationPlan } from '@app/contracts';

/*
 * Issue 18, the spec's business constant "Free plan: 1 venture": how many ventures a user may own. Members
 * of an active organization on the Enterprise plan have no limit; everyone else has the configured Free
 * limit. Ventures owned beyond it (from before the rule, or from an Enterprise membership that ended) stay
 * usable: only creating another one is refused.
 */

/** The user's venture limit, or null for none. */
export function ventureLimitOf(
  freeLimit: number,
  memberships: ReadonlyArray<{ plan: OrganizationPlan; isActive: boolean }>,
): number | null {
  return memberships.some((org) => org.isActive && org.plan === 'enterprise') ? null : freeLimit;
}

/** Whether a user who owns `owned` ventures may create another under `limit` (null: no limit). */
export function mayCreateVenture(owned: number, limit: number | null): boolean {
  return limit === null || owned < limit;
}

/** 403 `VENTURE.PLAN_LIMIT`, with the way forward in the message and the limit in `details`. */
export function planLimitReached(limit: number): AppError {
  return new AppError('VENTURE.PLAN_LIMIT', 403, planLimitMessage(limit), { details: { limit } });
}
