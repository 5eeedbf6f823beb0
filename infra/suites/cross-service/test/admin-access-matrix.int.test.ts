import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routeTable } from '@app/gateway';
import { ADMIN_ROUTES, type AdminRouteKey } from '@app/admin';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  startPlatform,
  unique,
  type Platform,
} from './support/admin-platform.ts';

/*
 * Every admin route × {anonymous, user, admin} → 401 / 403 / 2xx, through the real gateway. The routes come
 * from the gateway's route table (the prefixes it sends to the admin service) and the admin service's own
 * route list; a route without a rule below fails the test.
 */

let platform: Platform;
let adminBrowser: Browser;

beforeAll(async () => {
  platform = await startPlatform();
  adminBrowser = await platform.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

/** What the admin's 2xx call needs: a real target made fresh per call, and a valid body. */
type Prepare = () => Promise<{ path: string; body?: unknown }>;

const newUserId = async () => (await platform.newUser()).user.id;
const newOrganizationId = async () => {
  const slug = `matrix-${unique()}`;
  const res = await adminBrowser.call('POST', '/api/admin/organizations', { name: `Matrix ${slug}`, slug });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const newTemplateId = async () => {
  const res = await adminBrowser.call('POST', '/api/admin/tasks-master', { title: `Template ${unique()}` });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

/**
 * A paged list (issue 18): its second page, by the cursor of the first one the administrator read (or the
 * first page, searched, when there is only one), so the matrix covers `cursor`, `limit` and `q`.
 */
const pagedList =
  (path: string): Prepare =>
  async () => {
    const first = await adminBrowser.call('GET', `${path}?limit=1`);
    expect(first.status).toBe(200);
    const cursor = first.body.nextCursor as string | null;
    return { path: cursor ? `${path}?limit=1&cursor=${encodeURIComponent(cursor)}` : `${path}?limit=1&q=a` };
  };

const rules: Record<AdminRouteKey, Prepare> = {
  'GET /api/admin/stats': async () => ({ path: '/api/admin/stats' }),
  'GET /api/admin/users': pagedList('/api/admin/users'),
  'POST /api/admin/users': async () => ({
    path: '/api/admin/users',
    body: { username: `added.${unique()}@example.com`, password: 'secret12' },
  }),
  'PATCH /api/admin/users/:id': async () => ({
    path: `/api/admin/users/${await newUserId()}`,
    body: { username: `renamed.${unique()}@example.com` },
  }),
  'DELETE /api/admin/users/:id': async () => ({ path: `/api/admin/users/${await newUserId()}` }),
  'POST /api/admin/users/:id/make-admin': async () => ({
    path: `/api/admin/users/${await newUserId()}/make-admin`,
  }),
  'GET /api/admin/ventures': pagedList('/api/admin/ventures'),
  'GET /api/admin/tasks-master': async () => ({ path: '/api/admin/tasks-master' }),
  'POST /api/admin/tasks-master': async () => ({
    path: '/api/admin/tasks-master',
    body: { title: `Template ${unique()}` },
  }),
  'PATCH /api/admin/tasks-master/:id': async () => ({
    path: `/api/admin/tasks-master/${await newTemplateId()}`,
    body: { category: 'Legal' },
  }),
  'DELETE /api/admin/tasks-master/:id': async () => ({
    path: `/api/admin/tasks-master/${await newTemplateId()}`,
  }),
  'GET /api/admin/organizations': pagedList('/api/admin/organizations'),
  'GET /api/admin/organizations/:id': async () => ({
    path: `/api/admin/organizations/${await newOrganizationId()}`,
  }),
  'POST /api/admin/organizations': async () => {
    const slug = `matrix-${unique()}`;
    return { path: '/api/admin/organizations', body: { name: `Matrix ${slug}`, slug } };
  },
  'PATCH /api/admin/organizations/:id': async () => ({
    path: `/api/admin/organizations/${await newOrganizationId()}`,
    body: { description: 'Changed' },
  }),
  'DELETE /api/admin/organizations/:id': async () => ({
    path: `/api/admin/organizations/${await newOrganizationId()}`,
  }),
  'GET /api/admin/contact-messages': pagedList('/api/admin/contact-messages'),
  'GET /api/admin/audit': async () => ({ path: '/api/admin/audit' }),
};

const adminPrefixes = routeTable.filter((r) => r.service === 'admin').map((r) => r.prefix);
const routed = (path: string) => adminPrefixes.some((p) => path === p || path.startsWith(`${p}/`));
const matrix = ADMIN_ROUTES.filter((r) => routed(r.path)).map((r) => ({
  ...r,
  key: `${r.method} ${r.path}` as AdminRouteKey,
}));

describe('admin access matrix', () => {
  it('the gateway routes every admin route to the admin service, and every one has a rule here', () => {
    expect(adminPrefixes.length).toBeGreaterThan(0);
    expect(ADMIN_ROUTES.filter((r) => !routed(r.path))).toEqual([]);
    const withoutRule = matrix.filter(
      (r) => typeof (rules as Record<string, Prepare | undefined>)[r.key] !== 'function',
    );
    expect(withoutRule.map((r) => r.key)).toEqual([]);
    // And no rule outlives its route.
    expect(Object.keys(rules).sort()).toEqual(matrix.map((r) => r.key).sort());
  });

  it.each(matrix.map((r) => [r.key, r] as const))(
    '%s: anonymous → 401, signed-in user → 403, administrator → 2xx',
    async (_key, route) => {
      const { path, body } = await rules[route.key]();
      const anonymous = await new Browser(platform.base).call(route.method, path, body);
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'AUTH.UNAUTHENTICATED']);

      const { browser: user } = await platform.newUser();
      const forbidden = await user.call(route.method, path, body);
      expect([forbidden.status, forbidden.body]).toEqual([
        403,
        { code: 'ADMIN.FORBIDDEN', message: "You don't have admin permissions to view this page." },
      ]);

      const allowed = await adminBrowser.call(route.method, path, body);
      expect(allowed.status).toBeGreaterThanOrEqual(200);
      expect(allowed.status).toBeLessThan(300);
    },
    20_000,
  );

  it('an unknown path under the admin prefix is refused to non-admins too, and 404 for the admin', async () => {
    const path = '/api/admin/not-a-route';
    expect((await new Browser(platform.base).call('GET', path)).status).toBe(401);
    expect((await (await platform.newUser()).browser.call('GET', path)).status).toBe(403);
    expect((await adminBrowser.call('GET', path)).status).toBe(404);
  });
});
