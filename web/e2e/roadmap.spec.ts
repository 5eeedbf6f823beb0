import { expect as baseExpect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { blockingViolations } from './support/axe';

const PASSWORD = 'launch-day-42';

// Each test signs up and creates a 50-task venture before its own steps, and a roadmap renders 50 cards:
// generous limits keep the tests meaningful on a busy CI machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const IDEATION = 'Ideation & Market Research';

/** The five standard categories with their task counts (spec §3: ids 1-12, 13-22, 23-34, 35-42, 43-50). */
const CATEGORIES = [
  [IDEATION, 12],
  ['Team & Legal Structure', 10],
  ['MVP & Product Development', 12],
  ['Funding & Finance', 8],
  ['Launch & Marketing', 8],
] as const;

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

async function signUp(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** Signs up a new user (who has no venture yet, so `/` leads to creation) and creates a venture. */
async function createVenture(page: Page, name: string): Promise<string> {
  await signUp(page, uniqueEmail('founder'));
  await expect(page).toHaveURL(/\/ventures\/new$/);
  await expect(
    page.getByRole('heading', { level: 1, name: "Let's set up your venture roadmap" }),
  ).toBeVisible();

  await page.getByLabel('Venture Name').fill(name);
  const blurb = 'Solar-powered cold storage for smallholder farmers.';
  await page.getByLabel('Brief Description').fill(blurb);
  await expect(page.getByText(`${blurb.length}/140`)).toBeVisible();
  await page.getByRole('button', { name: 'Create My Roadmap' }).click();

  await expect(toast(page, 'Venture created')).toContainText(
    'Your venture roadmap has been created successfully!',
  );
  await expect(page).toHaveURL(/\/ventures\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  return page.url();
}

/**
 * A quicker start for the tests that are not about creation: signs a new user up and creates a venture
 * through the API (the page's request context shares its cookies), then opens the roadmap.
 */
async function openNewRoadmap(page: Page, name: string): Promise<string> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const registered = await page.request.post('/api/register', {
    headers,
    data: { username: uniqueEmail('founder'), password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const created = await page.request.post('/api/ventures', { headers, data: { name, blurb: '' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/ventures/${id}`);
  // The first load of a fresh browser context fetches every chunk: allow for a slow machine.
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused({ timeout: 60_000 });
  return page.url();
}

function category(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

function overall(page: Page) {
  return {
    bar: page.getByRole('progressbar', { name: 'Overall progress' }),
    completed: page.getByTestId('overall-done').locator('dd'),
    inProgress: page.getByTestId('overall-in-progress').locator('dd'),
    blocked: page.getByTestId('overall-blocked').locator('dd'),
  };
}

async function expectStatus(card: Locator, label: string) {
  await expect(card.getByTestId('task-status')).toHaveText(`Status: ${label}`);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a founder creates a venture, starts and completes a task, sees progress rise, and the state survives a reload', async ({
  page,
}) => {
  const ventureUrl = await createVenture(page, 'Cold Chain Co');
  const totals = overall(page);

  // 50 tasks in 5 category cards, all to do, at 0 %.
  await expect(page.getByTestId('task-card')).toHaveCount(50);
  await expect(page.getByTestId('category-card')).toHaveCount(5);
  for (const [name, total] of CATEGORIES) {
    await expect(category(page, name).getByTestId('category-badge')).toHaveText(`0/${total}`);
    await expect(category(page, name).getByTestId('category-percentage')).toHaveText('0%');
    await expect(category(page, name).getByTestId('task-card')).toHaveCount(total);
  }
  await expect(totals.bar).toHaveAttribute('aria-valuenow', '0');
  await expect(totals.completed).toHaveText('0');

  const ideation = category(page, IDEATION);
  const first = ideation.getByTestId('task-card').first();
  await expectStatus(first, 'To Do');

  // A to-do task offers only Start Task: the refused to-do → done change is never offered.
  await expect(first.getByRole('button')).toHaveText(['Start Task', 'Guide']);
  await expect(first.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);

  // todo → in progress: while the server has not answered yet (held back here), the badge already
  // shows the new status and the button reads Updating.
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/api/venture-tasks/*',
    async (route) => {
      await answered;
      await route.continue();
    },
    { times: 1 },
  );
  await first.getByRole('button', { name: 'Start Task' }).click();
  await expect(first.getByRole('button', { name: 'Updating' })).toBeVisible();
  await expectStatus(first, 'In Progress');
  await expect(totals.inProgress).toHaveText('1');
  release();
  await expect(toast(page, 'Task updated to In Progress')).toContainText(
    'An email notification has been sent.',
  );
  await expect(first.getByRole('button')).toHaveText(['Mark Complete', 'Block', 'Guide']);

  // in progress → done: overall and category progress rise.
  await first.getByRole('button', { name: 'Mark Complete' }).click();
  await expectStatus(first, 'Done');
  await expect(toast(page, 'Task updated to Done')).toContainText('An email notification has been sent.');
  await expect(ideation.getByTestId('category-badge')).toHaveText('1/12');
  await expect(ideation.getByTestId('category-percentage')).toHaveText('8%');
  await expect(totals.bar).toHaveAttribute('aria-valuenow', '2');
  await expect(totals.completed).toHaveText('1');
  await expect(totals.inProgress).toHaveText('0');
  await expect(first.getByRole('button')).toHaveText(['Reset', 'Guide']);

  // A reload shows what the server kept.
  await page.reload();
  await expect(page).toHaveURL(ventureUrl);
  await expectStatus(first, 'Done');
  await expect(ideation.getByTestId('category-badge')).toHaveText('1/12');
  await expect(totals.bar).toHaveAttribute('aria-valuenow', '2');
});

test('a task is blocked, unblocked, completed and reset, and its guide opens', async ({ page }) => {
  await openNewRoadmap(page, 'Block Works');
  const totals = overall(page);
  const ideation = category(page, IDEATION);
  const first = ideation.getByTestId('task-card').first();
  // Task 5 has no prerequisite in the curated graph (issue 17), so it can be completed on its own.
  const second = ideation.getByTestId('task-card').nth(4);

  // Block and unblock a task.
  await second.getByRole('button', { name: 'Start Task' }).click();
  await expect(second.getByRole('button', { name: 'Block' })).toBeVisible();
  await second.getByRole('button', { name: 'Block' }).click();
  await expectStatus(second, 'Blocked');
  await expect(totals.blocked).toHaveText('1');
  await expect(second.getByRole('button')).toHaveText(['Unblock', 'Guide']);
  await second.getByRole('button', { name: 'Unblock' }).click();
  await expectStatus(second, 'In Progress');
  await expect(totals.blocked).toHaveText('0');
  await expect(second.getByRole('button', { name: 'Mark Complete' })).toBeVisible();

  // The guide: why, practices and a pro tip.
  const firstTitle = (await first.getByRole('heading').textContent()) ?? '';
  await first.getByRole('button', { name: `Guide: ${firstTitle}` }).click();
  const guide = page.getByRole('dialog', { name: firstTitle });
  await expect(guide.getByRole('heading', { name: 'Why it matters' })).toBeVisible();
  expect(await guide.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
  await expect(guide.getByRole('heading', { name: 'Pro tip' })).toBeVisible();
  await guide.getByRole('button', { name: 'Close' }).last().click();
  await expect(guide).toBeHidden();

  // Complete it, then done → to do.
  await second.getByRole('button', { name: 'Mark Complete' }).click();
  await expectStatus(second, 'Done');
  await expect(ideation.getByTestId('category-badge')).toHaveText('1/12');
  await second.getByRole('button', { name: 'Reset' }).click();
  await expectStatus(second, 'To Do');
  await expect(toast(page, 'Task updated to To Do')).toBeVisible();
  await expect(ideation.getByTestId('category-badge')).toHaveText('0/12');
  await expect(totals.bar).toHaveAttribute('aria-valuenow', '0');
  await expect(second.getByRole('button')).toHaveText(['Start Task', 'Guide']);
});

test('a legal guide shows its effort and stage, where the law differs, an example, its primary sources and when it was reviewed', async ({
  page,
}) => {
  await openNewRoadmap(page, 'Privacy Works');
  const title = 'Publish your privacy policy and terms of service';
  const card = category(page, 'Team & Legal Structure')
    .getByTestId('task-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await card.getByRole('button', { name: `Guide: ${title}` }).click();
  const guide = page.getByRole('dialog', { name: title });

  await expect(guide.getByText('About 2 days')).toBeVisible();
  await expect(guide.getByText('Building', { exact: true })).toBeVisible();
  const law = guide.getByRole('region', { name: 'Where the law differs' });
  await expect(law.getByTestId('guide-jurisdiction')).toHaveCount(3);
  await expect(law.getByTestId('guide-jurisdiction').filter({ hasText: 'United States' })).toContainText(
    'CalOPPA',
  );
  await expect(law.getByTestId('guide-jurisdiction').filter({ hasText: 'European Union' })).toContainText(
    'GDPR',
  );
  await expect(
    guide.getByRole('region', { name: 'Templates and examples' }).getByText('Privacy notice checklist'),
  ).toBeVisible();

  // Every source is a primary one, over https, opening in a new tab without handing over the page.
  const sources = guide.getByRole('region', { name: 'Sources' }).getByRole('link');
  expect(await sources.count()).toBeGreaterThanOrEqual(3);
  await expect(sources.filter({ hasText: /GDPR|2016\/679/ }).first()).toHaveAttribute(
    'href',
    'https://eur-lex.europa.eu/eli/reg/2016/679/oj',
  );
  for (const link of await sources.all()) {
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(guide.getByTestId('guide-reviewed')).toHaveText(/^Reviewed [A-Z][a-z]+ \d{1,2}, \d{4}$/);

  expect(await blockingViolations(page, { include: '.ant-modal' })).toEqual([]);
});

test('the roadmap switches between grid and list and collapses its categories', async ({ page }) => {
  await openNewRoadmap(page, 'Layout Labs');
  const tasks = page.getByTestId('task-card');
  await expect(tasks).toHaveCount(50);

  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.task-list--list')).toHaveCount(5);

  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(tasks.first()).toBeHidden();
  await expect(tasks.last()).toBeHidden();
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(tasks.first()).toBeVisible();

  const ideation = category(page, IDEATION);
  await ideation.getByRole('button', { name: /Hide tasks/ }).click();
  await expect(ideation.getByRole('button', { name: /Show tasks/ })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(ideation.getByTestId('task-card').first()).toBeHidden();
  await expect(tasks.last()).toBeVisible();
});

test("another user opening a venture's address sees Venture not found", async ({ page, browser }) => {
  const ventureUrl = await openNewRoadmap(page, 'Private Venture');

  const stranger = await newPage(browser);
  await signUp(stranger, uniqueEmail('stranger'));
  await stranger.goto(ventureUrl);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Venture not found' })).toBeVisible();
  await expect(
    stranger.getByText(
      "The venture you're looking for does not exist or you don't have permission to view it.",
    ),
  ).toBeVisible();
  await expect(toast(stranger, 'Error fetching venture: 404')).toBeVisible();
  await stranger.context().close();
});

test("the venture's name and description show while the roadmap's code is still loading (issue 22)", async ({
  page,
  browser,
}) => {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const registered = await page.request.post('/api/register', {
    headers,
    data: { username: uniqueEmail('founder'), password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const name = 'Cold Chain Co';
  const blurb = 'Solar-powered cold storage for smallholder farmers.';
  const created = await page.request.post('/api/ventures', { headers, data: { name, blurb } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // A fresh context (nothing cached) whose roadmap page chunk is held back until the test lets it through.
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const visitor = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  visitor.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await visitor.route(/\/assets\/venture-page-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await visitor.goto(`/ventures/${id}`);

  const heading = visitor.getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible({ timeout: 60_000 });
  await expect(visitor.getByText(blurb)).toBeVisible();
  await expect(visitor.locator('.roadmap[aria-busy="true"]')).toBeVisible();
  await expect(visitor.getByRole('status')).toContainText('Loading your roadmap');
  await expect(visitor.getByTestId('task-card')).toHaveCount(0);
  expect(await blockingViolations(visitor)).toEqual([]);
  const before = await heading.boundingBox();
  // The venture was asked for before the page's code: on HTTP/1.1 its chunks would have queued ahead of it.
  const [sessionAt, ventureAt] = ['/api/session', `/api/ventures/${id}`].map((path) =>
    requested.indexOf(path),
  );
  expect(sessionAt).toBeGreaterThanOrEqual(0);
  expect(ventureAt).toBeGreaterThan(sessionAt!);
  expect(ventureAt).toBeLessThan(requested.findIndex((path) => /\/assets\/venture-page-/.test(path)));
  // Both were asked for with the page (its `Link: rel=preload`), once: the app's own calls took those answers.
  expect(requested.filter((path) => path === '/api/session')).toHaveLength(1);
  expect(requested.filter((path) => path === `/api/ventures/${id}`)).toHaveLength(1);
  expect(Math.max(sessionAt!, ventureAt!)).toBeLessThan(
    requested.findIndex((path) => /\/assets\/index-[^/]+\.js$/.test(path)),
  );

  release();
  await expect(visitor.getByTestId('task-card').first()).toBeVisible({ timeout: 60_000 });
  await expect(heading).toBeFocused();
  await expect(visitor.locator('.roadmap[aria-busy="true"]')).toHaveCount(0);
  // The page's header takes the placeholder's place: the name has not moved.
  expect(await heading.boundingBox()).toEqual(before);
  await context.close();
});

test('the roadmap shows and answers before antd has loaded; a dialog loads it when opened (issue 22)', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const antdLoaded = () => requested.some((path) => /\/assets\/antd-core-/.test(path));
  await openNewRoadmap(page, 'Plain Roadmap Co');
  const ideation = category(page, IDEATION);
  await expect(page.getByTestId('task-card')).toHaveCount(50);
  await expect(
    page.getByTestId('activity-list').or(page.getByText('Nothing has happened yet.')),
  ).toBeVisible();

  // The whole roadmap, its account menu included, is plain markup: antd's core chunk was never asked for.
  expect(antdLoaded()).toBe(false);
  expect(await blockingViolations(page)).toEqual([]);
  const first = ideation.getByTestId('task-card').first();
  await ideation.getByRole('button', { name: /Hide tasks/ }).click();
  await expect(first).toBeHidden();
  await ideation.getByRole('button', { name: /Show tasks/ }).click();
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Account settings' })).toBeFocused();
  await page.keyboard.press('Escape');
  expect(antdLoaded()).toBe(false);
  // A change answers with antd's toast (the toast host is antd's): antd loads then, after the change.
  await first.getByRole('button', { name: 'Start Task' }).click();
  await expectStatus(first, 'In Progress');
  await expect(toast(page, 'Task updated to In Progress')).toBeVisible();

  // A guide's dialog is antd's, in an island that loads with it, and behaves as before.
  const title = (await first.getByRole('heading').textContent()) ?? '';
  await first.getByRole('button', { name: `Guide: ${title}` }).click();
  const guide = page.getByRole('dialog', { name: title });
  await expect(guide.getByRole('heading', { name: 'Why it matters' })).toBeVisible();
  expect(await blockingViolations(page, { include: '.ant-modal' })).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(guide).toBeHidden();
  // Opened again, the dialog (mounted since) shows at once.
  await first.getByRole('button', { name: `Guide: ${title}` }).click();
  await expect(guide).toBeVisible();
});

test("the roadmap header's Edit dialog renames the venture, and opens again after it closed", async ({
  page,
}) => {
  await openNewRoadmap(page, 'Edit Me Co');
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit venture' });
  await expect(dialog.getByLabel('Venture Name')).toHaveValue('Edit Me Co');
  expect(await blockingViolations(page, { include: '.ant-modal' })).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Mounted since its first opening, it opens again and saves.
  await edit.click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Venture Name').fill('Edited Co');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Edited Co' })).toBeVisible();
});
