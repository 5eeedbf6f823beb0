import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { blockingViolations } from './support/axe';

/*
 * Issue 18, plans: the spec's "Free plan: 1 venture" on the server. A Free founder's second venture is
 * refused by the API with the message, and the new-venture form offers the ways forward; a member of an
 * organization on the Enterprise plan creates a second venture. The suite's platform runs with the default
 * limit (FREE_PLAN_VENTURE_LIMIT unset: 1).
 */

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const PASSWORD = 'plan-limit-42';
const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
const LIMIT_MESSAGE =
  "The Free plan includes 1 venture. Join your institution's program, or contact us about a plan with more ventures.";

const unique = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

async function createVenture(api: APIRequestContext, name: string) {
  return api.post('/api/ventures', { headers: CSRF, data: { name } });
}

async function newVentureForm(page: Page, name: string) {
  await page.goto('/ventures/new');
  await page.getByLabel('Venture Name').fill(name);
  await page.getByRole('button', { name: 'Create My Roadmap' }).click();
}

test('a Free founder’s second venture is refused by the API with the message, and the form offers the way forward', async ({
  page,
}) => {
  const registered = await page.request.post('/api/register', {
    headers: CSRF,
    data: { username: unique('free'), password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  expect((await createVenture(page.request, 'First Light')).status()).toBe(201);

  const refused = await createVenture(page.request, 'Second Wind');
  expect([refused.status(), await refused.json()]).toEqual([
    403,
    { code: 'VENTURE.PLAN_LIMIT', message: LIMIT_MESSAGE, details: { limit: 1 } },
  ]);

  await newVentureForm(page, 'Second Wind');
  const notice = page.getByTestId('plan-limit');
  await expect(notice).toContainText(LIMIT_MESSAGE);
  await expect(notice).toContainText("Join your institution's program");
  await expect(notice.getByRole('link', { name: 'Contact us about the Enterprise plan' })).toHaveAttribute(
    'href',
    '/enterprise',
  );
  expect(await blockingViolations(page)).toEqual([]);
  // Nothing was created; the first venture stays usable.
  const list = (await (await page.request.get('/api/ventures')).json()) as Array<{ name: string }>;
  expect(list.map((v) => v.name)).toEqual(['First Light']);
});

test('a member of an Enterprise organization creates a second venture', async ({ page, playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await admin.post('/api/login', {
    headers: CSRF,
    data: { username: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const slug = `enterprise-${Math.random().toString(36).slice(2, 9)}`;
  const created = await admin.post('/api/admin/organizations', {
    headers: CSRF,
    data: { name: 'Big University', slug, plan: 'enterprise' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const today = new Date().toISOString().slice(0, 10);
  const program = await admin.post(`/api/orgs/${slug}/programs`, {
    headers: CSRF,
    data: { name: 'Founders Lab', startDate: today, endDate: '2099-12-31', registrationOpen: true },
  });
  expect(program.status(), await program.text()).toBe(201);

  const joined = await page.request.post(`/api/organizations/${slug}/register`, {
    headers: CSRF,
    data: { username: unique('member'), password: PASSWORD },
  });
  expect(joined.status()).toBe(201);
  // The membership reached the venture service with the enrolment.
  await expect
    .poll(async () => ((await (await page.request.get('/api/enrolments')).json()) as unknown[]).length)
    .toBe(1);
  expect((await createVenture(page.request, 'Campus One')).status()).toBe(201);

  await newVentureForm(page, 'Campus Two');
  await expect(page.getByRole('heading', { level: 1, name: 'Campus Two' })).toBeVisible();
  await expect(page.getByTestId('plan-limit')).toHaveCount(0);
  await admin.dispose();
});
