import { expect as baseExpect, test, type Page } from '@playwright/test';

/*
 * Issue 20: a stale second tab, or an expired session, got "Failed to update task… Please try again." while
 * the server said why. Now the reason shows and the task is refreshed; on 401 the user signs in and is back.
 */

const PASSWORD = 'launch-day-42';
const GENERIC = 'There was an error updating the task status. Please try again.';
const expect = baseExpect.configure({ timeout: 20_000 });

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

/** Registers `email` and creates a venture through the API, then opens its roadmap. */
async function openNewRoadmap(page: Page, email: string, name: string): Promise<string> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  expect(
    (
      await page.request.post('/api/register', { headers, data: { username: email, password: PASSWORD } })
    ).status(),
  ).toBe(201);
  const created = await page.request.post('/api/ventures', { headers, data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/ventures/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused({ timeout: 60_000 });
  return `/ventures/${id}`;
}

function firstCard(page: Page) {
  return page.getByTestId('task-card').first();
}

test('a stale tab is told why its change was refused and then shows the task as it is', async ({ page }) => {
  test.setTimeout(120_000);
  const path = await openNewRoadmap(page, uniqueEmail('stale'), 'Two Tabs');
  const stale = await page.context().newPage();
  await stale.goto(path);
  await expect(firstCard(stale).getByTestId('task-status')).toHaveText('Status: To Do');

  await firstCard(page).getByRole('button', { name: 'Start Task' }).click();
  await expect(firstCard(page).getByTestId('task-status')).toHaveText('Status: In Progress');

  await firstCard(stale).getByRole('button', { name: 'Start Task' }).click();
  const refused = toast(stale, 'Failed to update task');
  await expect(refused).toBeVisible();
  await expect(refused).not.toContainText(GENERIC);
  await expect(firstCard(stale).getByTestId('task-status')).toHaveText('Status: In Progress');
});

test('an expired session sends the user to sign in, and back to the roadmap afterwards', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('expired');
  const path = await openNewRoadmap(page, email, 'Session Ends');
  await page.context().clearCookies();

  await firstCard(page).getByRole('button', { name: 'Start Task' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fventures%2F[0-9a-f]{24}$/);
  await expect(toast(page, 'Your session has ended')).toBeVisible();
  await expect(toast(page, 'Failed to update task')).toHaveCount(0);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Session Ends' })).toBeVisible();
});
