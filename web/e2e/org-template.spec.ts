import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  expect as baseExpect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { pickOption, shownValue } from './support/antd';
import { blockingViolations } from './support/axe';

/*
 * Issue 18, "What it must show", templates: an org admin adds "Book a session with our legal clinic" (with
 * a guide) to Team & Legal, hides one task, reorders one by keyboard and publishes; the organization's open
 * program pins that version; a founder registering at /org/{slug} sees the new task with its guide and
 * without the hidden one; a founder registering at /auth still sees the master 50; axe on the editor.
 * The organization, its program and its admin are seeded through the API: the editor is what is tested.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const PASSWORD = 'template-admin-42';
const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
const CLINIC = 'Book a session with our legal clinic';
const CLINIC_WHY = 'Getting the legal structure right early saves founders costly rework later.';
const CLINIC_RESOURCES = 'Book at clinic.example.org: free for founders in our programs.';
const LEGAL = 'Team & Legal Structure';
const IDEATION = 'Ideation & Market Research';

const unique = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

async function signedInApi(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: CSRF });
  await ok(await api.post('/api/login', { data: { username: email, password } }));
  return api;
}

function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\r?\n[ \t]+/g, ' ');
}

/** The token of the organization invitation e-mailed to `email` (the runner writes `.eml` files). */
async function invitationToken(email: string): Promise<string> {
  const mailDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let token: string | null = null;
  await expect
    .poll(async () => {
      for (const name of (await readdir(mailDir).catch(() => [] as string[])).filter((n) =>
        n.endsWith('.eml'),
      )) {
        const text = decodeMail(await readFile(path.join(mailDir, name), 'utf8'));
        if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
        const match = /\/org-invitation#token=([^\s"'<>&]+)/.exec(text);
        if (match) token = decodeURIComponent(match[1]!);
      }
      return token !== null;
    })
    .toBe(true);
  return token!;
}

function category(page: Page, name: string): Locator {
  return page.getByRole('region', { name: new RegExp(`^${name}`) });
}

let slug: string;
let programId: string;
let orgAdminEmail: string;
let hiddenTitle: string;
let orgFounder: { email: string; ventureUrl: string };

test.beforeAll(async ({ baseURL }) => {
  const platformAdmin = await signedInApi(
    baseURL!,
    process.env.E2E_ADMIN_EMAIL!,
    process.env.E2E_ADMIN_PASSWORD!,
  );
  slug = `templates-${Math.random().toString(36).slice(2, 9)}`;
  await ok(
    await platformAdmin.post('/api/admin/organizations', { data: { name: 'Harbour Templates', slug } }),
    201,
  );
  const program = await ok<{ id: string }>(
    await platformAdmin.post(`/api/orgs/${slug}/programs`, {
      data: { name: 'Harbour Spring', startDate: isoDay(-7), endDate: isoDay(90), registrationOpen: true },
    }),
    201,
  );
  programId = program.id;
  // The org admin: an account invited to the organization by e-mail, who accepts.
  orgAdminEmail = unique('org.admin');
  const orgAdmin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: CSRF });
  await ok(
    await orgAdmin.post('/api/register', { data: { username: orgAdminEmail, password: PASSWORD } }),
    201,
  );
  await ok(
    await platformAdmin.post(`/api/orgs/${slug}/invitations`, {
      data: { email: orgAdminEmail, role: 'orgAdmin' },
    }),
    201,
  );
  await ok(
    await orgAdmin.post('/api/org-invitations/accept', {
      data: { token: await invitationToken(orgAdminEmail) },
    }),
  );
  await platformAdmin.dispose();
  await orgAdmin.dispose();
});

test('the org admin adds a task with its guide, hides one, reorders one by keyboard and publishes version 1', async ({
  page,
}) => {
  await ok(
    await page.request.post('/api/login', {
      headers: CSRF,
      data: { username: orgAdminEmail, password: PASSWORD },
    }),
  );
  await page.goto(`/orgs/${slug}`);
  await page.getByRole('link', { name: 'Task template' }).click({ timeout: 60_000 });
  await expect(page).toHaveURL(new RegExp(`/orgs/${slug}/template$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Task template' })).toBeFocused({
    timeout: 30_000,
  });
  await expect(page.getByTestId('template-task')).toHaveCount(50);
  expect(await blockingViolations(page)).toEqual([]);

  // Add the clinic to Team & Legal, with its guide.
  await page.getByRole('button', { name: 'Add task' }).click();
  const form = page.getByRole('dialog', { name: 'Add a task' });
  const categorySelect = form.getByLabel('Category');
  await pickOption(page, categorySelect, LEGAL, shownValue(categorySelect, LEGAL));
  await form.getByLabel('Title').fill(CLINIC);
  await form.getByLabel('Why it matters').fill(CLINIC_WHY);
  await form.getByLabel('Best practices').fill('Bring your cap table\nWrite your questions down first');
  await form.getByLabel('Local resources').fill(CLINIC_RESOURCES);
  await form.getByRole('button', { name: 'Add task' }).click();
  await expect(form).toBeHidden();
  const legal = category(page, LEGAL);
  await expect(legal.getByTestId('template-task').last()).toContainText(CLINIC);
  await expect(legal.getByTestId('template-task').last()).toContainText('Added by you');

  // Hide the second ideation task.
  const secondIdea = category(page, IDEATION).getByTestId('template-task').nth(1);
  hiddenTitle = (await secondIdea.locator('.template-task__title').textContent()) ?? '';
  expect(hiddenTitle).not.toBe('');
  await secondIdea.getByRole('button', { name: `Hide ${hiddenTitle}` }).click();
  await expect(secondIdea).toContainText('Hidden');

  // Reorder by keyboard: Move up on the clinic, pressed with Enter; the move is announced.
  const legalCount = await legal.getByTestId('template-task').count();
  const moveUp = legal.getByRole('button', { name: `Move up ${CLINIC}` });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(legal.getByTestId('template-task').nth(legalCount - 2)).toContainText(CLINIC);
  await expect(page.getByRole('status').filter({ hasText: `${CLINIC} moved to position` })).toHaveText(
    `${CLINIC} moved to position ${legalCount - 1} of ${legalCount} in ${LEGAL}.`,
  );
  await expect(moveUp).toBeFocused();

  // And with dnd-kit's keyboard sensor: Space picks the first idea task up, ArrowDown moves it, Space drops it.
  const ideas = category(page, IDEATION).getByTestId('template-task');
  const firstIdea = (await ideas.first().locator('.template-task__title').textContent()) ?? '';
  await ideas
    .first()
    .getByRole('button', { name: `Reorder ${firstIdea}` })
    .focus();
  // Each step waits for its announcement (dnd-kit's live region): the sensor takes the next key only once
  // the previous one was handled.
  await page.keyboard.press('Space');
  await expect(page.getByText(`${firstIdea} is over position 1 of`)).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(`${firstIdea} is over position 2 of`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText(`${firstIdea} moved to position 2 of`)).toBeAttached();
  await expect(ideas.nth(1)).toContainText(firstIdea);

  // Save, then publish with the list of changes.
  await expect(page.getByRole('button', { name: 'Publish version 1' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish version 1' });
  const changes = confirm.getByTestId('template-changes');
  await expect(changes.getByRole('region', { name: 'Added' })).toContainText(`${CLINIC} (${LEGAL})`);
  await expect(changes.getByRole('region', { name: 'Hidden or removed' })).toContainText(hiddenTitle);
  await confirm.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('Version 1 published.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Published versions' })).toContainText('Version 1: 50 tasks');
  // Once the pointer rests off the list (a hovered button's lighter colour is a passing state, not the
  // editor's) and the toast is gone: moved first, as a toast under the pointer stays open (it pauses on hover).
  await page.mouse.move(0, 0);
  await expect(page.getByText('Version 1 published.')).toBeHidden();
  expect(await blockingViolations(page)).toEqual([]);

  // The organization's audit log records the publication.
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get(`/api/orgs/${slug}/audit`)).json()))
    .toContain('template.published');

  // The org admin pins the version on the open program, choosing it from the published versions.
  await page.goto(`/orgs/${slug}`);
  await page.getByRole('tab', { name: 'Programs' }).click();
  const programRow = page.getByRole('row').filter({ hasText: 'Harbour Spring' });
  await expect(programRow).toContainText('Standard 50 tasks');
  await programRow.getByRole('button', { name: 'Edit Harbour Spring' }).click();
  const programForm = page.getByRole('dialog', { name: 'Edit Harbour Spring' });
  const versionSelect = programForm.getByRole('combobox', { name: 'Template version' });
  await expect(programForm.getByText('Standard 50 tasks', { exact: true })).toBeVisible();
  await versionSelect.click();
  const publishedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const template = await ok<{ versions: Array<{ version: number; publishedAt: string }> }>(
    await page.request.get(`/api/org-templates/${slug}`),
  );
  const versionLabel = `Version 1 · published ${publishedOn.format(new Date(template.versions[0]!.publishedAt))}`;
  const versionOptions = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(versionOptions).toHaveText(['Standard 50 tasks', versionLabel]);
  // The pick is checked in the field before saving: a click that lands while the list slides open picks nothing.
  await pickOption(page, versionSelect, versionLabel, shownValue(versionSelect, versionLabel));
  await programForm.getByRole('button', { name: 'Save program' }).click();
  await expect(page.getByText('Program saved')).toBeVisible();
  await expect(programRow).toContainText('Version 1');
  // Opened again, the form shows the pinned version.
  await programRow.getByRole('button', { name: 'Edit Harbour Spring' }).click();
  await expect(programForm.getByText(versionLabel, { exact: true })).toBeVisible();
  await programForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(programForm).toBeHidden();
  const programs = await ok<Array<{ id: string; templateVersion: number | null }>>(
    await page.request.get(`/api/orgs/${slug}/programs`),
  );
  expect(programs.find((p) => p.id === programId)?.templateVersion).toBe(1);
  // A version that was never published is refused by the server, with its number named.
  const typo = await page.request.patch(`/api/orgs/${slug}/programs/${programId}`, {
    headers: CSRF,
    data: { templateVersion: 7 },
  });
  expect([typo.status(), await typo.json()]).toEqual([
    404,
    expect.objectContaining({
      code: 'TEMPLATE.VERSION_NOT_FOUND',
      message: 'Template version 7 is not published',
    }),
  ]);
});

test('a founder registering at /org/{slug} gets the published version: the clinic with its guide, not the hidden task', async ({
  page,
}) => {
  orgFounder = { email: unique('org.founder'), ventureUrl: '' };
  await page.goto(`/org/${slug}`);
  await page.getByLabel('Email').fill(orgFounder.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
  // Enrolled once the venture service has the organization's events.
  await expect
    .poll(async () => ((await (await page.request.get('/api/enrolments')).json()) as unknown[]).length)
    .toBe(1);
  await page.goto('/ventures/new');
  await page.getByLabel('Venture Name').fill('Harbour Robotics');
  await page.getByRole('button', { name: 'Create My Roadmap' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Robotics' })).toBeFocused({
    timeout: 30_000,
  });

  orgFounder.ventureUrl = page.url();
  await expect(page.getByTestId('task-card')).toHaveCount(50);
  await expect(page.getByTestId('task-card').filter({ hasText: hiddenTitle })).toHaveCount(0);
  const legalCards = category(page, LEGAL).getByTestId('task-card');
  const count = await legalCards.count();
  // Second to last in Team & Legal, as the admin moved it.
  await expect(legalCards.nth(count - 2)).toContainText(CLINIC);
  await legalCards
    .nth(count - 2)
    .getByRole('button', { name: `Guide: ${CLINIC}` })
    .click();
  const guide = page.getByRole('dialog', { name: CLINIC });
  await expect(guide.getByText(CLINIC_WHY)).toBeVisible();
  await expect(guide.getByRole('listitem')).toHaveText([
    'Bring your cap table',
    'Write your questions down first',
  ]);
  await expect(guide.getByRole('heading', { name: 'From your program' })).toBeVisible();
  await expect(guide.getByText(CLINIC_RESOURCES)).toBeVisible();
});

test('a founder registering at /auth still gets the master 50', async ({ page }) => {
  const registered = await page.request.post('/api/register', {
    headers: CSRF,
    data: { username: unique('plain.founder'), password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const created = await page.request.post('/api/ventures', {
    headers: CSRF,
    data: { name: 'Plain Sailing' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/ventures/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Plain Sailing' })).toBeFocused({
    timeout: 30_000,
  });
  await expect(page.getByTestId('task-card')).toHaveCount(50);
  await expect(page.getByTestId('task-card').filter({ hasText: hiddenTitle })).toHaveCount(1);
  await expect(page.getByTestId('task-card').filter({ hasText: CLINIC })).toHaveCount(0);
});

test('when the program pins a newer version, the founder reviews the changes and updates, keeping their work', async ({
  page,
  baseURL,
}) => {
  // The founder starts a task on the version-1 roadmap.
  await ok(
    await page.request.post('/api/login', {
      headers: CSRF,
      data: { username: orgFounder.email, password: PASSWORD },
    }),
  );
  const ventureId = orgFounder.ventureUrl.split('/').pop()!;
  const venture = await ok<{ tasks: Array<{ id: string; title: string }> }>(
    await page.request.get(`/api/ventures/${ventureId}`),
  );
  const started = venture.tasks[0]!;
  await ok(
    await page.request.patch(`/api/venture-tasks/${started.id}`, {
      headers: CSRF,
      data: { status: 'in_progress' },
    }),
  );

  // Version 2 renames the clinic task; the program pins it (through the API: the editor is tested above).
  const admin = await signedInApi(baseURL!, orgAdminEmail, PASSWORD);
  const template = await ok<{ draft: Array<{ title: string }> }>(
    await admin.get(`/api/org-templates/${slug}`),
  );
  const tasks = template.draft.map((task) =>
    task.title === CLINIC ? { ...task, title: 'Meet our legal clinic' } : task,
  );
  await ok(await admin.put(`/api/org-templates/${slug}/draft`, { data: { tasks } }));
  await ok(await admin.post(`/api/org-templates/${slug}/versions`), 201);
  await ok(await admin.patch(`/api/orgs/${slug}/programs/${programId}`, { data: { templateVersion: 2 } }));
  await admin.dispose();

  await page.goto(orgFounder.ventureUrl);
  const notice = page.getByTestId('template-update-notice');
  await expect(notice).toContainText(
    "A newer version of Harbour Spring's roadmap template is available (version 2).",
    { timeout: 30_000 },
  );
  await page.mouse.move(0, 0);
  expect(await blockingViolations(page)).toEqual([]);
  await notice.getByRole('button', { name: 'Review changes' }).click();
  const review = page.getByRole('dialog', { name: 'Update to version 2' });
  await expect(review.getByTestId('template-update-changes')).toContainText(
    `${CLINIC} → Meet our legal clinic`,
  );
  // The dialog itself (the roadmap behind its mask is checked above).
  expect(await blockingViolations(page, { include: '.ant-modal' })).toEqual([]);
  await review.getByRole('button', { name: 'Update roadmap' }).click();
  await expect(page.getByText('Your roadmap now follows version 2 of the template.')).toBeVisible();
  await expect(notice).toBeHidden();
  await expect(page.getByTestId('task-card').filter({ hasText: 'Meet our legal clinic' })).toHaveCount(1);
  const kept = page.getByTestId('task-card').filter({ hasText: started.title });
  await expect(kept.getByTestId('task-status')).toHaveText('Status: In Progress');
});
