import { expect, test, type Page } from '@playwright/test';

/*
 * Issue 20, "What a new user hits": a double-click on a submit button sent it twice in six places. Each
 * test double-clicks one of them and counts the requests on the network: one request, one result.
 */

const PASSWORD = 'launch-day-42';
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

/** Counts the page's requests with `method` to `path` from now on. */
function countRequests(page: Page, method: string, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

async function signUp(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
}

test('sign-up: a double-click registers once and says only "Registration successful"', async ({ page }) => {
  const email = `double.${uniqueSuffix()}@example.com`;
  await signUp(page, email);
  const registrations = countRequests(page, 'POST', '/api/register');
  await page.getByRole('button', { name: 'Create account' }).dblclick();
  await expect(toast(page, 'Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/ventures\/new$/);
  expect(registrations()).toBe(1);
  await expect(toast(page, 'Registration failed')).toHaveCount(0);
});

test('Demo Login: a double-click signs in once', async ({ page }) => {
  await page.goto('/auth');
  const logins = countRequests(page, 'POST', '/api/login');
  await page.getByRole('button', { name: 'Demo Login' }).dblclick();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(logins()).toBe(1);
});

test('Create My Roadmap: a double-click makes one venture', async ({ page }) => {
  await signUp(page, `roadmap.${uniqueSuffix()}@example.com`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/ventures\/new$/);
  await page.getByLabel('Venture Name').fill('Double Clicked Rockets');
  const creations = countRequests(page, 'POST', '/api/ventures');
  await page.getByRole('button', { name: 'Create My Roadmap' }).dblclick();
  await expect(page).toHaveURL(/\/ventures\/[0-9a-f]{24}$/);
  expect(creations()).toBe(1);
  const ventures = await page.evaluate(async () => {
    const res = await fetch('/api/ventures', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return (await res.json()) as unknown[];
  });
  expect(ventures).toHaveLength(1);
});

test('Forgot password: a double-click asks for one reset link', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(`reset.${uniqueSuffix()}@example.com`);
  const requests = countRequests(page, 'POST', '/api/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).dblclick();
  await expect(page.getByText('Check your e-mail')).toBeVisible();
  expect(requests()).toBe(1);
});

test('admin Create organization and organization registration: a double-click makes one of each', async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(120_000);
  expect(ADMIN_EMAIL, 'E2E_ADMIN_EMAIL comes from playwright.config.ts').not.toBe('');
  const suffix = uniqueSuffix();
  const orgName = `Twice Labs ${suffix}`;
  const slug = `twice-labs-${suffix}`;

  await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Organizations' }).click();
  await admin.getByRole('button', { name: 'Create Organization' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Create organization' });
  await dialog.getByLabel('Name').fill(orgName);
  await expect(dialog.getByLabel('Slug')).toHaveValue(slug);
  const creations = countRequests(admin, 'POST', '/api/admin/organizations');
  await dialog.getByRole('button', { name: 'Create organization' }).dblclick();
  await expect(toast(admin, 'Organization created')).toBeVisible();
  expect(creations()).toBe(1);
  await expect(toast(admin, 'Failed')).toHaveCount(0);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/org/${slug}`);
  await visitor.getByLabel('Email').fill(`member.${suffix}@example.com`);
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const registrations = countRequests(visitor, 'POST', `/api/organizations/${slug}/register`);
  await visitor.getByRole('button', { name: 'Register' }).dblclick();
  await expect(visitor.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(registrations()).toBe(1);
  await expect(toast(visitor, 'Registration failed')).toHaveCount(0);
});
