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

/** Requests for one paged admin list (`/api/admin/<list>`), with their query. */
function listRequests(page: Page, list: string): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === `/api/admin/${list}`) seen.push(url);
  });
  return seen;
}

test('issue 18: the admin lists page with Load more, search on the server, name organizations and count their users', async ({
  page,
  request,
}) => {
  await openAdmin(page);
  const suffix = uniqueSuffix();
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const orgName = `Paging Labs ${suffix}`;
  const slug = `paging-labs-${suffix}`;
  const org = await page.request.post('/api/admin/organizations', { headers, data: { name: orgName, slug } });
  expect(org.status()).toBe(201);
  // Two founders register through the organization (in a request context of their own).
  for (const who of ['ada', 'grace']) {
    const registered = await request.post(`/api/organizations/${slug}/register`, {
      headers,
      data: { username: `member.${who}.${suffix}@example.com`, password: PASSWORD },
    });
    expect(registered.status()).toBe(201);
  }
  // More users than one page holds (50), created after them: the newest first page is all of these.
  const created: string[] = [];
  for (let batch = 0; batch < 6; batch += 1) {
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        page.request.post('/api/admin/users', {
          headers,
          data: { username: `paged.${suffix}.${batch * 9 + i}@example.com`, password: PASSWORD },
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status()).toBe(201);
      created.push(((await answer.json()) as { username: string }).username);
    }
  }
  expect(created).toHaveLength(54);

  // The users tab shows the first 50, newest first, and says more can be loaded.
  const userRequests = listRequests(page, 'users');
  await page.goto('/admin');
  await expectSectionLoaded(page, 'Users');
  const userRows = page.getByRole('region', { name: 'Users' }).locator('.ant-table-tbody tr.ant-table-row');
  await expect(userRows).toHaveCount(50);
  await expect(page.getByRole('status').filter({ hasText: 'Showing 50 users.' })).toBeVisible();
  const firstMember = page.getByRole('row').filter({ hasText: `member.ada.${suffix}@example.com` });
  await expect(firstMember).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);

  // Load more: one request for the next page (a double-click included), and the older rows appear.
  const before = userRequests.length;
  await page.getByRole('button', { name: 'Load more' }).dblclick();
  await expect(firstMember).toBeVisible();
  expect(userRequests.slice(before).map((url) => url.searchParams.has('cursor'))).toEqual([true]);
  expect(await userRows.count()).toBeGreaterThan(50);
  // The users tab names each user's organization.
  await expect(firstMember.getByRole('cell', { name: orgName, exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `paged.${suffix}.0@example.com` })
      .getByRole('cell', { name: 'None' }),
  ).toBeVisible();

  // Search narrows the list on the server: one request, only the matching users, with their organization.
  const beforeSearch = userRequests.length;
  const search = page.getByRole('searchbox', { name: 'Search users by e-mail or name' });
  await search.fill(`member ${suffix}`);
  await search.press('Enter');
  await expect(userRows).toHaveCount(2);
  expect(userRequests.slice(beforeSearch).map((url) => url.searchParams.get('q'))).toEqual([
    `member ${suffix}`,
  ]);
  await expect(
    page.getByRole('status').filter({ hasText: `All 2 users matching “member ${suffix}” are shown.` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  for (const who of ['ada', 'grace'])
    await expect(
      page.getByRole('row').filter({ hasText: `member.${who}.${suffix}@example.com` }),
    ).toContainText(orgName);
  expect(await blockingViolations(page)).toEqual([]);
  await search.fill(`nobody-${suffix}`);
  await search.press('Enter');
  await expect(page.getByText(`No users match “nobody-${suffix}”`, { exact: true })).toBeVisible();

  // The organizations tab, searched by name, shows how many users registered through each.
  await page.getByRole('tab', { name: 'Organizations' }).click();
  await expectSectionLoaded(page, 'Organizations');
  const orgSearch = page.getByRole('searchbox', { name: 'Search organizations by name' });
  await orgSearch.fill(orgName);
  await orgSearch.press('Enter');
  const orgRows = page
    .getByRole('region', { name: 'Organizations' })
    .locator('.ant-table-tbody tr.ant-table-row');
  await expect(orgRows).toHaveCount(1);
  await expect(orgRows.first().getByRole('cell', { name: '2', exact: true })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // Ventures and messages have their search box too.
  await page.getByRole('tab', { name: 'Ventures' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search ventures by name' })).toBeVisible();
  await page.goto('/admin?tab=messages');
  await expect(page.getByRole('searchbox', { name: 'Search messages by e-mail or subject' })).toBeVisible();
});
