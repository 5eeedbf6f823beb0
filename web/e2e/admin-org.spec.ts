import { expect, test, type Browser, type Page } from '@playwright/test';

/*
 * Issue 6 in Chromium: an administrator creates a branded organization and edits it; a visitor registers on
 * its page and lands signed in; the administrator sees the numbers change and promotes the new user; a
 * non-admin opening /admin is turned away. The administrator is the one the runner seeds from
 * ADMIN_EMAIL/ADMIN_PASSWORD (set by playwright.config.ts).
 */

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
const PASSWORD = 'launch-day-42';

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

/** `#RRGGBB` as the browser reports a computed colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

async function statValue(page: Page, title: string): Promise<number> {
  const card = page.locator('.admin-stats__card').filter({ hasText: title });
  const text = await card.locator('.ant-statistic-content-value').innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('an admin brands an organization, a visitor registers through it, and the admin promotes them', async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(240_000);
  expect(ADMIN_EMAIL, 'E2E_ADMIN_EMAIL comes from playwright.config.ts').not.toBe('');
  const suffix = uniqueSuffix();
  const orgName = `Harbor Labs ${suffix}`;
  const slug = `harbor-labs-${suffix}`;
  const visitorEmail = `founder.${suffix}@example.com`;

  // The administrator opens the dashboard from the avatar menu.
  await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.getByRole('button', { name: 'Account menu' }).click();
  await admin.getByRole('menuitem', { name: 'Admin dashboard' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'Users' })).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'Ventures' })).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'Templates' })).toBeVisible();
  await expect(admin.locator('.admin-stats__card .ant-statistic')).toHaveCount(4);
  const usersBefore = await statValue(admin, 'Users');
  expect(usersBefore).toBeGreaterThanOrEqual(1);

  // It creates an organization with its own colours; the slug follows the name.
  await admin.getByRole('tab', { name: 'Organizations' }).click();
  await admin.getByRole('button', { name: 'Create Organization' }).click();
  const createDialog = admin.getByRole('dialog', { name: 'Create organization' });
  await createDialog.getByLabel('Name').fill(orgName);
  await expect(createDialog.getByLabel('Slug')).toHaveValue(slug);
  await createDialog.getByLabel('Primary colour', { exact: true }).fill('#7C3AED');
  await createDialog.getByLabel('Secondary colour', { exact: true }).fill('#F97316');
  await createDialog.getByLabel('Description').fill('An accelerator for harbour-side startups.');
  await createDialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(toast(admin, 'Organization created')).toBeVisible();
  await expect(createDialog).toBeHidden();

  const orgRow = admin.getByRole('row').filter({ hasText: orgName });
  await expect(orgRow).toContainText(`/org/${slug}`);
  await expect(orgRow).toContainText('#7C3AED');
  await expect(orgRow).toContainText('Active');
  await expect(orgRow.getByRole('cell', { name: '0', exact: true })).toBeVisible();

  // It edits the organization: the preview follows the fields before anything is saved.
  await orgRow.getByRole('button', { name: `Edit ${orgName}` }).click();
  await expect(admin).toHaveURL(/\/admin\/organizations\/edit\/[0-9a-f]+$/);
  await expect(admin.getByRole('heading', { level: 1, name: `Edit ${orgName}` })).toBeFocused();
  const preview = admin.getByTestId('organization-preview');
  await expect(preview.getByTestId('branded-card-header')).toHaveCSS('background-color', rgb('#7C3AED'));
  await admin.getByLabel('Primary colour', { exact: true }).fill('#14532D');
  await admin.getByLabel('Description').fill('The harbour’s own founder programme.');
  await expect(preview.getByTestId('branded-card-header')).toHaveCSS('background-color', rgb('#14532D'));
  await expect(preview.getByTestId('branded-welcome')).toHaveCSS('background-color', rgb('#14532D'));
  await expect(preview).toContainText('The harbour’s own founder programme.');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(admin, 'Organization updated')).toBeVisible();

  // A visitor registers on the branded page, in the saved colours, and lands signed in.
  const visitor = await newPage(browser);
  await visitor.goto(`/org/${slug}`);
  // A first visit loads the page's code and the organization; a busy machine gets more time for it.
  await expect(visitor.getByRole('heading', { level: 1, name: `Register with ${orgName}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(visitor.getByRole('heading', { name: `Welcome to ${orgName}` })).toBeVisible();
  await expect(visitor.getByText('The harbour’s own founder programme.')).toBeVisible();
  await expect(visitor.getByText('Connect with mentors and peers')).toBeVisible();
  await expect(visitor.getByTestId('branded-card-header')).toHaveCSS('background-color', rgb('#14532D'));
  await expect(visitor.getByTestId('branded-welcome')).toHaveCSS('background-color', rgb('#14532D'));
  const register = visitor.getByRole('button', { name: 'Register' });
  await expect(register).toHaveCSS('background-color', rgb('#F97316'));
  await visitor.getByLabel('Email').fill(visitorEmail);
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await register.click();
  await expect(toast(visitor, 'Registration successful')).toContainText(
    'You have been registered and logged in.',
  );
  // Sent to `/`, whose home redirect takes a founder without ventures on to /ventures/new.
  await expect(visitor).toHaveURL(/\/ventures\/new$/);
  await visitor.getByRole('button', { name: 'Account menu' }).click();
  await expect(visitor.getByRole('menu')).toContainText(visitorEmail);
  await expect(visitor.getByRole('menuitem', { name: 'Admin dashboard' })).toHaveCount(0);

  // Back on the dashboard, Refresh Data shows the new user in the statistics and the organization (found
  // by the server-side search, whatever else the list holds by now).
  await admin.goto('/admin?tab=organizations');
  await admin.getByRole('button', { name: 'Refresh Data' }).click();
  await admin.getByRole('searchbox', { name: 'Search organizations by name' }).fill(orgName);
  await admin.getByRole('searchbox', { name: 'Search organizations by name' }).press('Enter');
  await expect.poll(() => statValue(admin, 'Users')).toBeGreaterThanOrEqual(usersBefore + 1);
  await expect(orgRow.getByRole('cell', { name: '1', exact: true })).toBeVisible();

  // Deleting an organization with users is refused in the dialog itself.
  await orgRow.getByRole('button', { name: `Delete ${orgName}` }).click();
  const deleteDialog = admin.getByRole('dialog').filter({ hasText: `Delete ${orgName}?` });
  await expect(deleteDialog).toContainText('An organization that has users cannot be deleted.');
  await expect(deleteDialog).toContainText('This organization has 1 user');
  await expect(deleteDialog.getByRole('button', { name: 'Delete organization' })).toBeDisabled();
  await deleteDialog.getByRole('button', { name: 'Cancel' }).click();

  // The administrator finds the new user (the list is newest first and searched on the server): the row
  // names the organization they registered through, and they are promoted.
  await admin.getByRole('tab', { name: 'Users' }).click();
  await admin.getByRole('searchbox', { name: 'Search users by e-mail or name' }).fill(visitorEmail);
  await admin.getByRole('searchbox', { name: 'Search users by e-mail or name' }).press('Enter');
  const userRow = admin.getByRole('row').filter({ hasText: visitorEmail });
  await expect(userRow).toContainText('Active');
  await expect(userRow).toContainText(orgName);
  await userRow.getByRole('button', { name: `Make ${visitorEmail} admin` }).click();
  await expect(toast(admin, 'User promoted')).toBeVisible();
  await expect(userRow).toContainText('Admin');
  await expect(userRow.getByRole('button', { name: `Make ${visitorEmail} admin` })).toHaveCount(0);

  // The promoted user now reaches the dashboard.
  await visitor.goto('/admin');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await visitor.context().close();
});

test('a non-admin opening /admin gets Access Denied and goes home', async ({ page }) => {
  const email = `regular.${uniqueSuffix()}@example.com`;
  // The page's own request context: registering here signs the browser in.
  const answer = await page.request.post('/api/register', {
    data: { username: email, password: PASSWORD },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(answer.ok()).toBe(true);

  await page.goto('/admin');
  await expect(toast(page, 'Access Denied')).toContainText(
    "You don't have admin permissions to view this page.",
  );
  // Sent home; the home redirect takes a founder without ventures on to /ventures/new.
  await expect(page).toHaveURL(/\/ventures\/new$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);

  // The server refuses the dashboard's data as well.
  const stats = await page.request.get('/api/admin/stats');
  expect(stats.status()).toBe(403);
});

test('an unknown organization slug shows the error card with a way to the main registration', async ({
  page,
}) => {
  await page.goto(`/org/no-such-org-${uniqueSuffix()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Organization not found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to main registration' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('an admin deletes an organization without users after confirming, and its page is gone', async ({
  page: admin,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const orgName = `Short Lived ${suffix}`;
  const slug = `short-lived-${suffix}`;

  await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.goto('/admin?tab=organizations');
  await admin.getByRole('button', { name: 'Create Organization' }).click();
  const createDialog = admin.getByRole('dialog', { name: 'Create organization' });
  await createDialog.getByLabel('Name').fill(orgName);
  // A slug that is not URL-safe is refused before anything is sent.
  await createDialog.getByLabel('Slug').fill('Short Lived');
  await createDialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(createDialog).toContainText(
    'Slug may contain only lowercase letters, digits and single hyphens between them',
  );
  await createDialog.getByLabel('Slug').fill(slug);
  await createDialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(toast(admin, 'Organization created')).toBeVisible();

  const orgRow = admin.getByRole('row').filter({ hasText: orgName });
  await orgRow.getByRole('button', { name: `Delete ${orgName}` }).click();
  const deleteDialog = admin.getByRole('dialog').filter({ hasText: `Delete ${orgName}?` });
  await expect(deleteDialog).toContainText('An organization that has users cannot be deleted.');
  // Cancel keeps it.
  await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(orgRow).toBeVisible();

  await orgRow.getByRole('button', { name: `Delete ${orgName}` }).click();
  await deleteDialog.getByRole('button', { name: 'Delete organization' }).click();
  await expect(toast(admin, 'Organization deleted')).toBeVisible();
  await expect(orgRow).toHaveCount(0);

  await admin.goto(`/org/${slug}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Organization not found' })).toBeVisible({
    timeout: 30_000,
  });
});
