import { expect as baseExpect, test, type Page } from '@playwright/test';
import { blockingViolations } from './support/axe';

/*
 * Issue 20: axe on every signed-in screen (the roadmap, teams and invitations have their own specs), the
 * admin dashboard on a phone, and the audit log naming what it can.
 */

const PASSWORD = 'launch-day-42';
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
/** Tab label and its `?tab=` key (on a phone the last tabs sit in the overflow menu: opened by URL). */
const ADMIN_TABS = [
  ['Users', 'users', 'Users'],
  ['Ventures', 'ventures', 'Ventures'],
  ['Templates', 'templates', 'Templates'],
  ['Organizations', 'organizations', 'Organizations'],
  ['Messages', 'messages', 'Contact messages'],
  ['Audit log', 'audit', 'Audit log'],
] as const;

/** The tab's section is shown and its table has loaded. */
async function expectSectionLoaded(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
}
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ timeout: 120_000 });

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

async function openAdmin(page: Page) {
  expect(ADMIN_EMAIL, 'E2E_ADMIN_EMAIL comes from playwright.config.ts').not.toBe('');
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

test('the account page has no serious or critical axe violation', async ({ page }) => {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const registered = await page.request.post('/api/register', {
    headers,
    data: { username: `a11y.${uniqueSuffix()}@example.com`, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  expect((await page.request.post('/api/ventures', { headers, data: { name: 'Axe Works' } })).status()).toBe(
    201,
  );
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Axe Works').first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('every tab of the admin dashboard has no serious or critical axe violation', async ({ page }) => {
  await openAdmin(page);
  for (const [tab, , heading] of ADMIN_TABS) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectSectionLoaded(page, heading);
    expect({ tab, violations: await blockingViolations(page) }).toEqual({ tab, violations: [] });
  }
});

test('on a phone the admin dashboard never scrolls sideways; wide tables scroll inside themselves', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await openAdmin(page);
  for (const [tab, key, heading] of ADMIN_TABS) {
    await page.goto(`/admin?tab=${key}`);
    await expectSectionLoaded(page, heading);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect({ tab, overflow }).toEqual({ tab, overflow: 0 });
  }
  await context.close();
});

test('the audit log names the users, organizations and templates it knows instead of their ids', async ({
  page,
}) => {
  await openAdmin(page);
  const suffix = uniqueSuffix();
  const orgName = `Audit Labs ${suffix}`;
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const created = await page.request.post('/api/admin/organizations', {
    headers,
    data: { name: orgName, slug: `audit-labs-${suffix}` },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const renamed = await page.request.patch(`/api/admin/organizations/${id}`, {
    headers,
    data: { description: 'Renamed in the audit test' },
  });
  expect(renamed.status()).toBe(200);

  await page.reload();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const row = page.getByRole('row').filter({ hasText: 'organization.update' }).filter({ hasText: orgName });
  await expect(row.first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: id })).toHaveCount(0);
});
