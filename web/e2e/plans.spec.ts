import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { pickOption } from './support/antd';
import { blockingViolations } from './support/axe';

/*
 * Issue 17, plans with dates, in the browser: due dates on the cards and the timeline, the due-date reminder
 * e-mails of the scheduler (the runner ticks every two seconds: REMINDER_TICK_SECONDS in playwright.config.ts),
 * prerequisites that gate "Mark Complete", the CSV export and the calendar feed. The runner has no SMTP_URL: the
 * mailer writes every e-mail as an `.eml` file under DATA_DIR/mail.
 */

const PASSWORD = 'launch-day-42';
const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
const mailDir = path.join(process.env.E2E_DATA_DIR!, 'mail');

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const STATUS_LABELS: Record<string, string> = {
  todo: 'To Do',
  in_progress: 'In Progress',
  done: 'Done',
  blocked: 'Blocked',
};

interface Task {
  id: string;
  taskId: number;
  title: string;
  status: string;
  prerequisiteIds: string[];
}

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

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

/** The reminder e-mails to `to` whose subject starts with `label` and names `title`. */
async function remindersTo(to: string, label: string, title: string): Promise<string[]> {
  const names = await readdir(mailDir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml') && n.includes('-task-reminder-'))) {
    const text = decodeMail(await readFile(path.join(mailDir, name), 'utf8'));
    const subject = /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
    if (
      new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text) &&
      subject.startsWith(`${label}: ${title} (`)
    ) {
      found.push(text);
    }
  }
  return found;
}

/** A calendar date `days` after today in UTC (the zone of the ventures these tests create). */
function utcDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function signUp(request: APIRequestContext, email: string) {
  const registered = await request.post('/api/register', {
    headers: CSRF,
    data: { username: email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
}

/** A new venture in UTC, and its tasks in roadmap order. */
async function createVenture(request: APIRequestContext, name: string) {
  const created = await request.post('/api/ventures', {
    headers: CSRF,
    data: { name, blurb: '', timeZone: 'UTC' },
  });
  expect(created.status()).toBe(201);
  const venture = (await created.json()) as { id: string; tasks: Task[] };
  return { id: venture.id, tasks: venture.tasks };
}

async function openRoadmap(page: Page, ventureId: string, name: string) {
  await page.goto(`/ventures/${ventureId}`);
  // The first load of a fresh browser context fetches every chunk: allow for a slow machine.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 60_000 });
}

function taskCard(page: Page, title: string): Locator {
  return page
    .getByTestId('task-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

async function openDrawer(page: Page, title: string): Promise<Locator> {
  await taskCard(page, title).getByRole('link', { name: title, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer.getByTestId('task-drawer')).toBeVisible();
  return drawer;
}

async function closeDrawer(page: Page) {
  await page.getByRole('button', { name: 'Close the task' }).click();
  await expect(page.getByTestId('task-drawer')).toHaveCount(0);
}

/** Types a date into the drawer's picker and confirms it, as a keyboard user would. */
async function pickDate(drawer: Locator, label: 'Start date' | 'Due date', date: string) {
  const input = drawer.getByLabel(label);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

async function setDueDate(request: APIRequestContext, taskId: string, dueDate: string | null) {
  const answer = await request.put(`/api/venture-tasks/${taskId}/dates`, {
    headers: CSRF,
    data: { startDate: null, dueDate },
  });
  expect(answer.status()).toBe(200);
}

async function setStatus(request: APIRequestContext, taskId: string, status: string) {
  const answer = await request.patch(`/api/venture-tasks/${taskId}`, { headers: CSRF, data: { status } });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function expectNoSeriousViolations(page: Page) {
  // The resting page: the pointer left on a button would be checked in antd's lighter hover colours.
  await page.mouse.move(0, 0);
  expect(await blockingViolations(page)).toEqual([]);
}

test('a due date set to tomorrow reads "Due tomorrow", sits in tomorrow\'s column, and is reminded once; moved a week out nothing new, moved back it is reminded again', async ({
  page,
}) => {
  const email = uniqueEmail('plans.dates');
  await signUp(page.request, email);
  const { id, tasks } = await createVenture(page.request, 'Calendar Ventures');
  const [first, marker] = [tasks[0]!, tasks[5]!];
  const tomorrow = utcDate(1);
  await openRoadmap(page, id, 'Calendar Ventures');

  let datePuts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith(`/api/venture-tasks/${first.id}/dates`)) {
      datePuts += 1;
    }
  });

  // The start date may not come after the due date: the server says so, as it is.
  const drawer = await openDrawer(page, first.title);
  await pickDate(drawer, 'Due date', tomorrow);
  await expect(toast(page, 'Dates saved')).toBeVisible();
  expect(datePuts).toBe(1);
  await pickDate(drawer, 'Start date', utcDate(3));
  await expect(
    toast(page, 'Could not save the dates').filter({
      hasText: 'The start date must be on or before the due date',
    }),
  ).toBeVisible();
  await closeDrawer(page);

  await expect(taskCard(page, first.title).getByTestId('task-due')).toHaveText('Due tomorrow');

  // The timeline: the bar is in tomorrow's column, one column right of today's line, and opens the task.
  await page.getByRole('button', { name: 'Timeline', exact: true }).click();
  const bar = page.getByRole('button', { name: `${first.title}, due ${tomorrow}, To Do, due tomorrow` });
  await expect(bar).toBeVisible();
  const todayColumn = Number(await page.getByTestId('timeline-today').getAttribute('data-column'));
  await expect(bar).toHaveAttribute('data-column', String(todayColumn + 1));
  await expect(bar).toHaveAttribute('data-span', '1');
  await expect(page.getByTestId('timeline-undated')).toContainText(`Not scheduled (${tasks.length - 1})`);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  await expect(
    page.getByTestId('timeline-table').getByRole('row', { name: new RegExp(first.title) }),
  ).toContainText(tomorrow);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Chart', exact: true }).click();
  await bar.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: first.title }).getByTestId('task-drawer')).toBeVisible();
  await closeDrawer(page);

  // The scheduler ticks every two seconds: one "Due tomorrow" e-mail within seconds, to the owner (nobody assigned).
  await expect.poll(() => remindersTo(email, 'Due tomorrow', first.title).then((m) => m.length)).toBe(1);
  const [mail] = await remindersTo(email, 'Due tomorrow', first.title);
  expect(mail).toContain(`/ventures/${id}`);

  // A week out: nothing new. Another task due tomorrow marks a tick that came after the move.
  await setDueDate(page.request, first.id, utcDate(10));
  await setDueDate(page.request, marker.id, tomorrow);
  await expect.poll(() => remindersTo(email, 'Due tomorrow', marker.title).then((m) => m.length)).toBe(1);
  expect(await remindersTo(email, 'Due tomorrow', first.title)).toHaveLength(1);

  // Back to tomorrow: the reminder is re-armed for the new due date and goes out again, once.
  await setDueDate(page.request, first.id, tomorrow);
  await expect.poll(() => remindersTo(email, 'Due tomorrow', first.title).then((m) => m.length)).toBe(2);
  await setDueDate(page.request, marker.id, utcDate(20));
  await setDueDate(page.request, marker.id, tomorrow);
  await expect.poll(() => remindersTo(email, 'Due tomorrow', marker.title).then((m) => m.length)).toBe(2);
  expect(await remindersTo(email, 'Due tomorrow', first.title)).toHaveLength(2);
});

test('"Mark Complete" on a task with an open prerequisite explains what it waits on; completing the prerequisite lets it through', async ({
  page,
}) => {
  const email = uniqueEmail('plans.prereq');
  await signUp(page.request, email);
  const { id, tasks } = await createVenture(page.request, 'Ordered Ventures');
  // The curated graph: the second task needs the first.
  const [first] = tasks as [Task];
  const second = tasks.find((task) => task.prerequisiteIds.includes(first.id))!;
  expect(second).toBeDefined();

  // The server refuses it with 409 and the list, whatever the screen shows.
  await setStatus(page.request, second.id, 'in_progress');
  const refused = await page.request.patch(`/api/venture-tasks/${second.id}`, {
    headers: CSRF,
    data: { status: 'done' },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: 'TASK.PREREQUISITES_OPEN',
    details: { openPrerequisites: [{ id: first.id, title: first.title, status: 'todo' }] },
  });

  await openRoadmap(page, id, 'Ordered Ventures');
  await expect(page.getByTestId('next-up')).toContainText(`Next up: ${first.title}`);
  const card = taskCard(page, second.title);
  // Started with an open prerequisite: allowed, with a visible warning.
  await expect(card.getByRole('alert')).toContainText(`This task has open prerequisites: ${first.title}`);

  let statusPatches = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith(`/api/venture-tasks/${second.id}`)) {
      statusPatches += 1;
    }
  });
  await card.getByRole('button', { name: 'Mark Complete' }).dblclick();
  const dialog = page.getByRole('dialog', { name: `${second.title} cannot be completed yet` });
  await expect(dialog).toContainText(`Waiting on: ${first.title} (To Do)`);
  expect(statusPatches).toBe(0);
  await dialog.getByRole('button', { name: `Open ${first.title}` }).click();
  const firstDrawer = page.getByRole('dialog', { name: first.title });
  await expect(firstDrawer.getByTestId('task-drawer')).toBeVisible();

  // A prerequisite that would close a loop is refused with a message naming it.
  await pickOption(
    page,
    firstDrawer.getByLabel('Add a prerequisite'),
    second.title,
    firstDrawer.getByRole('alert').filter({ hasText: 'This would make a loop' }),
    { search: second.title },
  );
  await closeDrawer(page);

  const firstCard = taskCard(page, first.title);
  await firstCard.getByRole('button', { name: 'Start Task' }).click();
  await expect(firstCard.getByTestId('task-status')).toContainText('In Progress');
  await firstCard.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(firstCard.getByTestId('task-status')).toContainText('Done');
  await expect(card.getByRole('alert')).toHaveCount(0);

  await card.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(card.getByTestId('task-status')).toContainText('Done');
  await expect(toast(page, 'Task updated to Done').first()).toBeVisible();
  expect(statusPatches).toBe(1);

  // Removing a prerequisite: one request, however fast the click.
  let prerequisitePuts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/prerequisites')) prerequisitePuts += 1;
  });
  const secondDrawer = await openDrawer(page, second.title);
  await secondDrawer.getByRole('button', { name: `Remove prerequisite ${first.title}` }).dblclick();
  await expect(secondDrawer.getByTestId('drawer-prerequisites')).toContainText('No prerequisites');
  expect(prerequisitePuts).toBe(1);
});

test('"Export CSV" downloads the 50 tasks, each with the status its badge shows', async ({ page }) => {
  const email = uniqueEmail('plans.export');
  await signUp(page.request, email);
  const { id, tasks } = await createVenture(page.request, 'Portable Ventures');
  const [first] = tasks as [Task];
  await setStatus(page.request, first.id, 'in_progress');
  await setStatus(page.request, first.id, 'done');
  await setStatus(page.request, tasks[12]!.id, 'in_progress');
  await setStatus(page.request, tasks[15]!.id, 'in_progress');
  await setStatus(page.request, tasks[15]!.id, 'blocked');
  await openRoadmap(page, id, 'Portable Ventures');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const rows = parse(await readFile(file, 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
  expect(rows).toHaveLength(50);

  const cards = page.getByTestId('task-card');
  await expect(cards).toHaveCount(50);
  const shown = new Map<string, string>();
  for (const card of await cards.all()) {
    const title = (await card.getByRole('heading').first().textContent())!.trim();
    const badge = (await card.getByTestId('task-status').textContent())!.replace('Status: ', '').trim();
    shown.set(title, badge);
  }
  for (const row of rows)
    expect([row.Title, STATUS_LABELS[row.Status!]]).toEqual([row.Title, shown.get(row.Title!)]);
  expect(
    rows
      .filter((row) => row.Status !== 'todo')
      .map((row) => row.Status)
      .sort(),
  ).toEqual(['blocked', 'done', 'in_progress']);
});
