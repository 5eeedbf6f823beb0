import { getDemoAccount } from '../src/domain/get-demo-account.ts';
import { seedAccount, seedDemoCoFounder } from '../src/domain/seed-accounts.ts';
import { logIn } from '../src/domain/log-in.ts';
import { caller, DEMO_USERNAME, testContext } from './support/context.ts';

const CO_FOUNDER = 'cofounder.demo@ventureroadmap.app';

describe('the demo account and its co-founder', () => {
  it('until the demo account is seeded, the venture service is told 404 USER.NOT_FOUND', async () => {
    const ctx = testContext();
    await expect(getDemoAccount(ctx)).rejects.toMatchObject({ status: 404, code: 'USER.NOT_FOUND' });
  });

  it('once seeded, answers both with their ids, addresses and names; the co-founder is seeded once, named Maya Chen', async () => {
    const ctx = {
      ...testContext(),
      settings: { ...testContext().settings, demoCoFounderUsername: CO_FOUNDER },
    };
    await seedAccount(ctx, caller, {
      username: DEMO_USERNAME,
      password: 'demo-founder-2025',
      isAdmin: false,
    });
    await expect(seedDemoCoFounder(ctx, caller, CO_FOUNDER)).resolves.toBe('created');
    await expect(seedDemoCoFounder(ctx, caller, CO_FOUNDER)).resolves.toBe('unchanged');
    const account = await getDemoAccount(ctx);
    expect(account).toEqual({
      owner: {
        userId: expect.stringMatching(/^[0-9a-f]{24}$/),
        email: DEMO_USERNAME,
        displayName: DEMO_USERNAME,
      },
      coFounder: {
        userId: expect.stringMatching(/^[0-9a-f]{24}$/),
        email: CO_FOUNDER,
        displayName: 'Maya Chen',
      },
    });
    // Nobody knows the co-founder's password: no published one works.
    await expect(logIn(ctx, { username: CO_FOUNDER, password: 'demo-founder-2025' })).rejects.toMatchObject({
      status: 401,
    });
  });

  it('without a co-founder configured or seeded, coFounder is null', async () => {
    const ctx = testContext();
    await seedAccount(ctx, caller, {
      username: DEMO_USERNAME,
      password: 'demo-founder-2025',
      isAdmin: false,
    });
    await expect(getDemoAccount(ctx)).resolves.toMatchObject({ coFounder: null });
  });
});
