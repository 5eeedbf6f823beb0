import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accountExportApi, authApi, authInternalApi, pathOf, type RouteSpec } from '@app/contracts';
import { startDatabase, startHarness, uniqueEmail, type Answer, type Harness } from './support/harness.ts';

/*
 * The web app, the organization and the admin services infer the user and the other answers from the route
 * contracts, so each answer must be exactly what its contract describes: it parses, and parsing drops or
 * changes nothing.
 */

let db: Awaited<ReturnType<typeof startDatabase>>;
let h: Harness;

beforeAll(async () => {
  db = await startDatabase();
  h = await startHarness(db.url);
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await db?.stop();
});

function expectExactly(route: RouteSpec & { status: number }, answer: Answer): void {
  expect(answer.status).toBe(route.status);
  const parsed = route.answer.safeParse(answer.body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(answer.body);
}

describe('auth answers match their contracts exactly', () => {
  it('for the session and account calls', async () => {
    const username = uniqueEmail('contract');
    const registered = await h.call('POST', pathOf(authApi.register), {
      body: { username, password: 'first-pass' },
    });
    expectExactly(authApi.register, registered);
    const as = { as: { user: registered.body.id as string } };
    expectExactly(
      authApi.login,
      await h.call('POST', pathOf(authApi.login), {
        body: { username, password: 'first-pass', rememberMe: true },
      }),
    );
    expectExactly(authApi.getUser, await h.call('GET', pathOf(authApi.getUser), as));
    expectExactly(authApi.getSession, await h.call('GET', pathOf(authApi.getSession), as));
    expectExactly(authApi.getSession, await h.call('GET', pathOf(authApi.getSession)));
    expectExactly(
      authApi.updateProfile,
      await h.call('PATCH', pathOf(authApi.updateProfile), {
        ...as,
        body: { firstName: 'Ada', phoneNumber: '' },
      }),
    );
    expectExactly(
      authApi.changePassword,
      await h.call('POST', pathOf(authApi.changePassword), {
        ...as,
        body: { currentPassword: 'first-pass', newPassword: 'second-pass' },
      }),
    );
    expectExactly(
      authApi.forgotPassword,
      await h.call('POST', pathOf(authApi.forgotPassword), { body: { username } }),
    );
    // Issue 17: the account export (the venture service's part as the fake gives it).
    expectExactly(
      accountExportApi.exportAccount,
      await h.call('GET', pathOf(accountExportApi.exportAccount), as),
    );
    expectExactly(authApi.logout, await h.call('POST', pathOf(authApi.logout), as));
    expectExactly(
      authApi.deleteAccount,
      await h.call('DELETE', pathOf(authApi.deleteAccount), { ...as, body: { password: 'second-pass' } }),
    );
  });

  it('for the internal users calls', async () => {
    const as = { as: 'service' as const };
    const api = authInternalApi;
    const created = await h.call('POST', pathOf(api.createUser), {
      ...as,
      body: { username: uniqueEmail('internal'), password: 'secret-1', organizationId: 'org-1' },
    });
    expectExactly(api.createUser, created);
    const id = created.body.id as string;
    expectExactly(api.userStats, await h.call('GET', pathOf(api.userStats), as));
    expectExactly(api.listUsers, await h.call('GET', pathOf(api.listUsers), as));
    expectExactly(api.getUser, await h.call('GET', pathOf(api.getUser, { id }), as));
    expectExactly(
      api.updateUser,
      await h.call('PATCH', pathOf(api.updateUser, { id }), { ...as, body: { isActive: false } }),
    );
    expectExactly(api.deleteUser, await h.call('DELETE', pathOf(api.deleteUser, { id }), as));
  });
});
