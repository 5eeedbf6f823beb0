import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { pickOption, shownValue } from './support/antd';
import { blockingViolations } from './support/axe';

/*
 * Issue 18, institution workspaces, in Chromium. The platform administrator creates an organization and
 * invites its org admin (through the API: the admin dashboard has its own spec); the org admin accepts the
 * e-mailed link, invites a program manager and a mentor from the Members tab, and creates a program; they
 * accept; a founder registers at /org/{slug} and is a founder member; founders and outsiders get "Page Not
 * Found"; the audit log shows what happened. The runner has no SMTP_URL: e-mails are `.eml` files under
 * DATA_DIR/mail. axe checks every tab.
 */

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
const PASSWORD = 'launch-day-42';
const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
const mailDir = path.join(process.env.E2E_DATA_DIR!, 'mail');

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

function toast(page: Page, title: string): Locator {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

/** An `.eml` file's text with quoted-printable soft breaks and escapes undone and folded headers unfolded. */
function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\r?\n[ \t]+/g, ' ');
}

/** The organization invitation e-mails to `to` (the file name carries the kind). */
async function invitationsTo(to: string): Promise<string[]> {
  const names = await readdir(mailDir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml') && n.includes('-org-invitation-'))) {
    const text = decodeMail(await readFile(path.join(mailDir, name), 'utf8'));
    if (new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) found.push(text);
  }
  return found;
}

/** The path and fragment of the accept link in the one invitation e-mail to `to`. */
async function invitationLink(to: string): Promise<string> {
  await expect.poll(() => invitationsTo(to).then((mails) => mails.length), { timeout: 30_000 }).toBe(1);
  const [mail] = await invitationsTo(to);
  const match = /https?:\/\/[^/\s"'<>]+\/org-invitation#token=[^\s"'<>]+/.exec(mail!);
  expect(match, 'an /org-invitation link in the e-mail').not.toBeNull();
  const url = new URL(match![0]);
  return `${url.pathname}${url.hash}`;
}

async function person(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page, email: `${prefix}.${suffix()}@example.com` };
}

async function register(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post('/api/register', {
    headers: CSRF,
    data: { username: email, password: PASSWORD },
  });
  expect(res.status()).toBe(201);
}

/** Opens the accept link signed in as its invitee, accepts, and lands in the workspace. */
async function acceptInvitation(page: Page, email: string, orgName: string) {
  await page.goto(await invitationLink(email));
  await expect(page.getByRole('heading', { level: 1, name: `Join ${orgName}` })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  await expect(page).toHaveURL(/\/orgs\/[a-z0-9-]+$/);
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

async function expectNoSeriousViolations(page: Page) {
  // Toasts come and go on their own timer, half transparent while they fade: axe checks the page once
  // they are gone (the toasts themselves are the layout's, checked where they are tested). Each step that
  // raises one waits for it to show first, so none can appear during the check.
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  // The page at rest: not under the pointer that just clicked a button (antd's hover colours).
  await page.mouse.move(0, 0);
  expect(await blockingViolations(page)).toEqual([]);
}

async function expectPageNotFound(page: Page, slug: string) {
  await page.goto(`/orgs/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible({
    timeout: 60_000,
  });
}

test('an org admin invites staff by e-mail, runs a program, founders register, and only staff see the workspace', async ({
  browser,
}) => {
  expect(ADMIN_EMAIL, 'E2E_ADMIN_EMAIL comes from playwright.config.ts').not.toBe('');
  const id = suffix();
  const orgName = `Northgate Institute ${id}`;
  const slug = `northgate-${id}`;
  const contexts: BrowserContext[] = [];
  const track = <T extends { context: BrowserContext }>(p: T) => (contexts.push(p.context), p);

  // The platform administrator creates the organization and invites its org admin (data, through the API).
  const root = track(await person(browser, 'root'));
  const signedIn = await root.page.request.post('/api/login', {
    headers: CSRF,
    data: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const created = await root.page.request.post('/api/admin/organizations', {
    headers: CSRF,
    data: { name: orgName, slug },
  });
  expect(created.status()).toBe(201);
  const admin = track(await person(browser, 'org.admin'));
  const invitedAdmin = await root.page.request.post(`/api/orgs/${slug}/invitations`, {
    headers: CSRF,
    data: { email: admin.email, role: 'orgAdmin' },
  });
  expect(invitedAdmin.status()).toBe(201);

  // The org admin accepts the e-mailed link (its page passes axe) and lands in the workspace.
  await register(admin.page.request, admin.email);
  await admin.page.goto(await invitationLink(admin.email));
  await expect(admin.page.getByTestId('invitation-role')).toHaveText('Organization admin', {
    timeout: 60_000,
  });
  await expectNoSeriousViolations(admin.page);
  await admin.page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(toast(admin.page, 'Invitation accepted')).toBeVisible();
  await expect(admin.page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  await expectNoSeriousViolations(admin.page);

  // From the Members tab, the org admin invites a program manager and a mentor.
  const manager = track(await person(browser, 'manager'));
  const mentor = track(await person(browser, 'mentor'));
  await openTab(admin.page, 'Members');
  for (const [who, role] of [
    [manager, 'Program manager'],
    [mentor, 'Mentor'],
  ] as const) {
    const form = admin.page.getByRole('form', { name: 'Invite a staff member' });
    await form.getByLabel('E-mail').fill(who.email);
    const roleSelect = form.getByLabel('Role');
    await pickOption(admin.page, roleSelect, role, shownValue(roleSelect, role));
    await form.getByRole('button', { name: 'Send invitation' }).click();
    // The previous invitation's toast may still show: this one names its address.
    await expect(toast(admin.page, 'Invitation sent').filter({ hasText: who.email })).toBeVisible();
    await expect(admin.page.getByRole('row').filter({ hasText: who.email })).toBeVisible();
  }
  await expectNoSeriousViolations(admin.page);

  // The program manager signs up from the link itself; the mentor already has an account.
  await manager.page.goto(await invitationLink(manager.email));
  await manager.page.getByRole('link', { name: 'Sign up to accept' }).click({ timeout: 60_000 });
  await manager.page.getByLabel('Email').fill(manager.email);
  await manager.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await manager.page.getByLabel('Confirm password').fill(PASSWORD);
  await manager.page.getByRole('button', { name: 'Create account' }).click();
  await manager.page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(manager.page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  await register(mentor.page.request, mentor.email);
  await acceptInvitation(mentor.page, mentor.email, orgName);
  // A mentor sees the overview only.
  await expect(mentor.page.getByRole('tab')).toHaveText(['Overview']);

  // The org admin creates a program open for registration, with the default at-risk rules.
  await openTab(admin.page, 'Programs');
  await admin.page.getByRole('button', { name: 'New program' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'New program' });
  await dialog.getByLabel('Name').fill('Spring 2027 cohort');
  await dialog.getByLabel('Start date').fill('2027-03-01');
  await dialog.getByLabel('End date').fill('2027-08-31');
  await expect(dialog.getByLabel('Days without activity')).toHaveValue('14');
  // No template version is published yet: the program gets the standard tasks, the only choice.
  await expect(dialog.getByText('Standard 50 tasks', { exact: true })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Template version' }).click();
  const versionOptions = admin.page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(versionOptions).toHaveText(['Standard 50 tasks']);
  // Picked again, which closes the list; a click that lands while it slides open leaves it open, so again.
  await expect(async () => {
    if ((await versionOptions.count()) > 0) await versionOptions.first().click({ timeout: 2000 });
    await expect(versionOptions).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await dialog.getByLabel(/Enrol founders who register/).check();
  await expectNoSeriousViolations(admin.page);
  await dialog.getByRole('button', { name: 'Create program' }).click();
  await expect(toast(admin.page, 'Program created')).toBeVisible();
  const programRow = admin.page.getByRole('row').filter({ hasText: 'Spring 2027 cohort' });
  await expect(programRow).toContainText('Open for registration');
  await expect(programRow).toContainText('no activity for 14 days');
  await expectNoSeriousViolations(admin.page);

  // A founder registers on the organization's page and is a founder member; the workspace is not theirs.
  const founder = track(await person(browser, 'founder'));
  await founder.page.goto(`/org/${slug}`);
  await founder.page.getByLabel('Email').fill(founder.email);
  await founder.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await founder.page.getByRole('button', { name: 'Register' }).click();
  await expect(founder.page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expectPageNotFound(founder.page, slug);
  const outsider = track(await person(browser, 'outsider'));
  await register(outsider.page.request, outsider.email);
  await expectPageNotFound(outsider.page, slug);
  const refused = await outsider.page.request.get(`/api/orgs/${slug}`);
  expect([refused.status(), ((await refused.json()) as { code: string }).code]).toEqual([
    404,
    'ORGANIZATION.NOT_FOUND',
  ]);

  await admin.page.reload();
  await openTab(admin.page, 'Members');
  await expect(admin.page.getByRole('row').filter({ hasText: founder.email })).toContainText('Founder');
  await openTab(admin.page, 'Overview');
  await expect(admin.page.getByTestId('workspace-count-founders')).toHaveText('1');
  await expect(admin.page.getByTestId('workspace-count-staff-members')).toHaveText('3');
  await expectNoSeriousViolations(admin.page);

  // The program manager finds the workspace in the account menu.
  await manager.page.goto('/');
  await manager.page.getByRole('button', { name: 'Account menu' }).click();
  await manager.page.getByRole('menuitem', { name: `Workspace: ${orgName}` }).click();
  await expect(manager.page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  await expect(manager.page.getByRole('tab')).toHaveText(['Overview', 'Programs', 'Members']);
  // From the Programs tab, the program's name opens its cohort dashboard (the founder has no venture yet).
  await openTab(manager.page, 'Programs');
  await manager.page.getByRole('link', { name: /Spring 2027 cohort/ }).click();
  await expect(manager.page).toHaveURL(/\/programs\/[0-9a-f]{24}$/);
  await expect(manager.page.getByRole('heading', { level: 1, name: 'Spring 2027 cohort' })).toBeVisible();
  await expect(
    manager.page.getByText('No founder has enrolled a venture in this program yet.'),
  ).toBeVisible();

  // A mentor finds "My ventures" in the account menu.
  await mentor.page.goto('/');
  await mentor.page.getByRole('button', { name: 'Account menu' }).click();
  await mentor.page.getByRole('menuitem', { name: 'My ventures' }).click();
  await expect(mentor.page).toHaveURL(/\/mentoring$/);
  await expect(mentor.page.getByRole('heading', { level: 1, name: 'My ventures' })).toBeVisible();
  await expect(mentor.page.getByText('No venture is assigned to you yet.')).toBeVisible();

  // The audit log shows who did what; its CSV downloads.
  await openTab(admin.page, 'Audit log');
  const audit = admin.page.getByRole('table');
  await expect(audit.getByRole('row').filter({ hasText: 'Created a program' })).toContainText(
    'Spring 2027 cohort',
  );
  await expect(audit.getByRole('row').filter({ hasText: manager.email })).toContainText('Invited a member');
  await expectNoSeriousViolations(admin.page);
  const [download] = await Promise.all([
    admin.page.waitForEvent('download'),
    admin.page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${slug}-audit-\\d{4}-\\d{2}-\\d{2}\\.csv$`));

  // Settings: the org admin renames the workspace; the audit records it.
  await openTab(admin.page, 'Settings');
  await expectNoSeriousViolations(admin.page);
  await admin.page.getByLabel('Description').fill('Our spring accelerator');
  await admin.page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(admin.page, 'Settings saved')).toBeVisible();
  await openTab(admin.page, 'Audit log');
  await expect(admin.page.getByRole('row').filter({ hasText: 'Changed the settings' })).toContainText(
    'description: (none) → Our spring accelerator',
  );

  await Promise.all(contexts.map((context) => context.close()));
});
