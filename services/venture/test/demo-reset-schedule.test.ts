import { createLogger } from '@app/common';
import type { DemoAccount } from '@app/contracts';
import { demoResetSlot, runDemoReset, type DemoResetDeps } from '../src/domain/schedule-demo-reset.ts';
import type { VentureContext } from '../src/domain/venture.ts';

const logger = createLogger({ name: 'demo-reset-unit', level: 'silent' });
const account: DemoAccount = {
  owner: {
    userId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    email: 'demo@ventureroadmap.app',
    displayName: 'demo@ventureroadmap.app',
  },
  coFounder: null,
};

/** Claims as the store keeps them: one per slot, given back on release. */
function memoryClaims() {
  const slots = new Map<string, string | null>();
  return {
    slots,
    async claim(slot: string) {
      if (slots.has(slot)) return false;
      slots.set(slot, null);
      return true;
    },
    async done(slot: string, ventureId: string) {
      slots.set(slot, ventureId);
    },
    async release(slot: string) {
      if (slots.get(slot) === null) slots.delete(slot);
    },
  };
}

/** A venture context whose repositories record the reset's calls (the reset itself has its own tests). */
function fakeContext(fail = false) {
  const calls: string[] = [];
  const ctx = {
    ventures: {
      idsCreatedBy: async (owner: string) => {
        calls.push(`ids ${owner}`);
        if (fail) throw new Error('database down');
        return [];
      },
    },
    comments: { removeForVentures: async () => undefined },
    activity: { removeForVentures: async () => undefined },
  } as unknown as VentureContext;
  return { ctx, calls };
}

describe('the scheduled demo reset', () => {
  it('the slot is the UTC hour: runs within one hour share it', () => {
    expect(demoResetSlot(new Date('2026-11-25T09:00:00.000Z'))).toBe('2026-11-25T09');
    expect(demoResetSlot(new Date('2026-11-25T09:59:59.999Z'))).toBe('2026-11-25T09');
    expect(demoResetSlot(new Date('2026-11-25T10:00:00.000Z'))).toBe('2026-11-25T10');
  });

  it('while auth has no demo account, nothing is reset and the hour stays free for a later run', async () => {
    const claims = memoryClaims();
    const { ctx, calls } = fakeContext();
    const deps: DemoResetDeps = { ctx, claims, logger, demoAccount: { get: async () => null } };
    await expect(runDemoReset(deps, new Date('2026-11-25T09:05:00Z'))).resolves.toBe('no-demo-account');
    expect(calls).toEqual([]);
    expect(claims.slots.size).toBe(0);
  });

  it('a failed reset gives the hour back and never throws; a claimed hour is not reset again', async () => {
    const claims = memoryClaims();
    const failing = fakeContext(true);
    const deps: DemoResetDeps = {
      ctx: failing.ctx,
      claims,
      logger,
      demoAccount: { get: async () => account },
    };
    await expect(runDemoReset(deps, new Date('2026-11-25T09:05:00Z'))).resolves.toBe('failed');
    expect(claims.slots.size).toBe(0);

    await claims.claim('2026-11-25T09');
    const working = fakeContext();
    const again: DemoResetDeps = { ...deps, ctx: working.ctx };
    await expect(runDemoReset(again, new Date('2026-11-25T09:30:00Z'))).resolves.toBe('already-done');
    expect(working.calls).toEqual([]);
  });

  it('an unreachable auth service is a failed run, not a crash', async () => {
    const claims = memoryClaims();
    const { ctx } = fakeContext();
    const deps: DemoResetDeps = {
      ctx,
      claims,
      logger,
      demoAccount: {
        get: async () => {
          throw new Error('ECONNREFUSED');
        },
      },
    };
    await expect(runDemoReset(deps, new Date())).resolves.toBe('failed');
    expect(claims.slots.size).toBe(0);
  });
});
