import type { Logger } from '@app/common';
import type { DemoAccount } from '@app/contracts';
import { resetDemoVenture } from './reset-demo-venture.ts';
import type { VentureContext } from './venture.ts';

export interface DemoResetDeps {
  ctx: VentureContext;
  /** The demo people, from auth; null while auth has not seeded them. */
  demoAccount: { get(): Promise<DemoAccount | null> };
  claims: {
    claim(slot: string, now: Date): Promise<boolean>;
    done(slot: string, ventureId: string): Promise<void>;
    release(slot: string): Promise<void>;
  };
  logger: Logger;
}

export type DemoResetOutcome = 'reset' | 'already-done' | 'no-demo-account' | 'failed';

/** The hour a reset belongs to (UTC, `YYYY-MM-DDTHH`): one reset per hour across replicas and restarts. */
export function demoResetSlot(now: Date): string {
  return now.toISOString().slice(0, 13);
}

/**
 * Puts the demo account's sample venture back to its seeded state, once per hour: at start and on the
 * schedule. The reset is claimed first (one conditional insert per hour), so replicas running it at the
 * same moment and a restart within the hour do it once; a failure gives the claim back for the next run.
 * Never throws: the service starts and keeps running without the demo.
 */
export async function runDemoReset(deps: DemoResetDeps, now: Date): Promise<DemoResetOutcome> {
  const log = deps.logger.child({ component: 'demo-reset' });
  const slot = demoResetSlot(now);
  try {
    if (!(await deps.claims.claim(slot, now))) return 'already-done';
  } catch (err) {
    log.warn({ err }, 'demo reset not claimed; the next run tries again');
    return 'failed';
  }
  try {
    const account = await deps.demoAccount.get();
    if (!account) {
      await deps.claims.release(slot);
      log.info('no demo account in auth yet: demo reset skipped');
      return 'no-demo-account';
    }
    const ventureId = await resetDemoVenture(deps.ctx, account.owner, account.coFounder);
    await deps.claims.done(slot, ventureId);
    log.info({ ventureId, slot }, 'demo venture reset to its seeded state');
    return 'reset';
  } catch (err) {
    await deps.claims.release(slot).catch(() => undefined);
    log.warn({ err }, 'demo reset failed; the next run tries again');
    return 'failed';
  }
}
