import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import {
  expect as baseExpect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { blockingViolations } from './support/axe';
import { OWN_ADMIN, startOwnPlatform, type OwnPlatform } from './support/own-platform';

/*
 * Issue 18, "What it must show": an organization, a program and three founders' ventures at different
 * progress, a mentor assigned to venture 1. The program manager's dashboard shows 3 rows × 50 cells whose
 * statuses match each roadmap; with the clock moved 15 days venture 2 (no activity) is "At risk" with its
 * reason; "Export CSV" downloads 150 task rows; the mentor sees only venture 1 (venture 2 is "Venture not
 * found", 404 from the API); a founder of another organization gets 404 on the program; a founder who
 * chose "progress only" shows no task cells; axe finds nothing serious.
 *
 * The spec moves time, so it runs on a platform of its own (the runner's test clock): the specs sharing
 * the suite's platform never see the clock move. Everything is seeded through the public API: the
 * administrator creates the organizations and the program, invites the staff (the invitation e-mails'
 * links), founders register at /org/{slug}.
 */

test.describe.configure({ mode: 'serial', timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const PASSWORD = 'cohort-founder-42';
const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };

let platform: OwnPlatform;
interface Person {
  email: string;
  api: APIRequestContext;
}
let pm: Person;
let mentor: Person;
let founders: Person[];
let otherFounder: Person;
let programId: string;
let ventureIds: string[];

const unique = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function client(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: platform.baseURL, extraHTTPHeaders: CSRF });
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

async function signedIn(email: string, password: string): Promise<APIRequestContext> {
  const api = await client();
  await ok(await api.post('/api/login', { data: { username: email, password } }));
  return api;
}

async function registered(email: string): Promise<Person> {
  const api = await client();
  await ok(await api.post('/api/register', { data: { username: email, password: PASSWORD } }), 201);
  return { email, api };
}

/** An `.eml` file's text with quoted-printable soft breaks and escapes undone. */
function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\r?\n[ \t]+/g, ' ');
}

/** The token of the organization invitation e-mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mailDir = path.join(platform.dataDir, 'mail');
  let token: string | null = null;
  await expect
    .poll(
      async () => {
        for (const name of (await readdir(mailDir).catch(() => [] as string[])).filter((n) =>
          n.endsWith('.eml'),
        )) {
          const text = decodeMail(await readFile(path.join(mailDir, name), 'utf8'));
          if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
          const match = /\/org-invitation#token=([^\s"'<>&]+)/.exec(text);
          if (match) token = decodeURIComponent(match[1]!);
        }
        return token !== null;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return token!;
}

async function staff(
  admin: APIRequestContext,
  slug: string,
  role: 'programManager' | 'mentor',
): Promise<Person> {
  const person = await registered(unique(role));
  await ok(await admin.post(`/api/orgs/${slug}/invitations`, { data: { email: person.email, role } }), 201);
  await ok(
    await person.api.post('/api/org-invitations/accept', {
      data: { token: await invitationToken(person.email) },
    }),
  );
  return person;
}

async function founderOf(slug: string): Promise<Person> {
  const email = unique('founder');
  const api = await client();
  await ok(
    await api.post(`/api/organizations/${slug}/register`, { data: { username: email, password: PASSWORD } }),
    201,
  );
  // Enrolled once the venture service has the organization's events.
  await expect
    .poll(async () => ((await (await api.get('/api/enrolments')).json()) as unknown[]).length)
    .toBe(1);
  return { email, api };
}

async function organization(admin: APIRequestContext, name: string) {
  const slug = `cohort-${Math.random().toString(36).slice(2, 9)}`;
  await ok(await admin.post('/api/admin/organizations', { data: { name, slug } }), 201);
  const program = await ok<{ id: string }>(
    await admin.post(`/api/orgs/${slug}/programs`, {
      data: { name: `${name} Spring`, startDate: isoDay(-7), endDate: isoDay(90), registrationOpen: true },
    }),
    201,
  );
  return { slug, programId: program.id };
}

/** Moves a venture's first `count` tasks without open prerequisites to done. */
async function complete(api: APIRequestContext, ventureId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const venture = await ok<{ tasks: Array<{ id: string; status: string; prerequisiteIds: string[] }> }>(
      await api.get(`/api/ventures/${ventureId}`),
    );
    const done = new Set(venture.tasks.filter((t) => t.status === 'done').map((t) => t.id));
    const next = venture.tasks.find(
      (t) => t.status !== 'done' && t.prerequisiteIds.every((id) => done.has(id)),
    )!;
    for (const status of ['in_progress', 'done']) {
      await ok(await api.patch(`/api/venture-tasks/${next.id}`, { data: { status } }));
    }
  }
}

async function pageAs(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: platform.baseURL });
  const page = await context.newPage();
  await ok(await page.request.post('/api/login', { headers: CSRF, data: { username: email, password } }));
  return page;
}

test.beforeAll(async () => {
  platform = await startOwnPlatform();
  const admin = await signedIn(OWN_ADMIN.email, OWN_ADMIN.password);
  const org = await organization(admin, 'Harbour Accelerator');
  programId = org.programId;
  pm = await staff(admin, org.slug, 'programManager');
  mentor = await staff(admin, org.slug, 'mentor');
  founders = [await founderOf(org.slug), await founderOf(org.slug), await founderOf(org.slug)];
  ventureIds = [];
  for (const [index, founder] of founders.entries()) {
    const created = await ok<{ id: string }>(
      await founder.api.post('/api/ventures', { data: { name: `Venture ${index + 1}` } }),
      201,
    );
    ventureIds.push(created.id);
  }
  await complete(founders[0]!.api, ventureIds[0]!, 3);
  await complete(founders[2]!.api, ventureIds[2]!, 1);
  const other = await organization(admin, 'Other Incubator');
  otherFounder = await founderOf(other.slug);
  // The program manager assigns the mentor to venture 1 (once the staff's roles reached the venture service).
  await expect
    .poll(async () => (await pm.api.get(`/api/programs/${programId}/dashboard`)).status())
    .toBe(200);
  await ok(
    await pm.api.put(`/api/programs/${programId}/ventures/${ventureIds[0]}/mentors`, {
      data: { mentorIds: [await userIdOf(mentor)] },
    }),
  );
});

test.afterAll(async () => {
  await platform?.stop();
});

async function userIdOf(person: Person): Promise<string> {
  return (await ok<{ id: string }>(await person.api.get('/api/user'))).id;
}

test('the program manager sees 3 rows × 50 cells matching each roadmap, and exports 150 task rows', async ({
  browser,
}) => {
  const page = await pageAs(browser, pm.email, PASSWORD);
  await page.goto(`/programs/${programId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Accelerator Spring' })).toBeVisible();
  const rows = page.getByTestId('cohort-row');
  await expect(rows).toHaveCount(3);
  for (const [index, ventureId] of ventureIds.entries()) {
    const row = page.locator(`[data-testid="cohort-row"][data-venture-id="${ventureId}"]`);
    await expect(row.getByTestId('cohort-cell')).toHaveCount(50);
    const roadmap = await ok<{ tasks: Array<{ status: string }> }>(
      await founders[index]!.api.get(`/api/ventures/${ventureId}`),
    );
    const shown = await row
      .getByTestId('cohort-cell')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
    expect(shown).toEqual(roadmap.tasks.map((t) => t.status));
  }
  // Colour is never alone: each cell has a symbol and an accessible name.
  const first = page
    .locator(`[data-venture-id="${ventureIds[0]}"]`)
    .getByTestId('cohort-cell')
    .first()
    .getByRole('img');
  await expect(first).toHaveAccessibleName(/: Done$/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  const records = parse(csv, { columns: true }) as Array<Record<string, string>>;
  expect(records).toHaveLength(150);
  expect(new Set(records.map((r) => r.ventureId))).toEqual(new Set(ventureIds));
  // Scanned at rest: the pointer still hovering the button just clicked is not the page's contrast.
  await page.mouse.move(0, 0);
  expect(await blockingViolations(page)).toEqual([]);
});

test('with the clock moved 15 days, venture 2 (no activity) is At risk with its reason', async ({
  browser,
}) => {
  await platform.setClockOffsetDays(15);
  // Ventures 1 and 3 are worked on after the move; venture 2 is not.
  for (const index of [0, 2]) {
    const venture = await ok<{ tasks: Array<{ id: string; status: string }> }>(
      await founders[index]!.api.get(`/api/ventures/${ventureIds[index]}`),
    );
    const todo = venture.tasks.filter((t) => t.status === 'todo').at(-1)!;
    await ok(
      await founders[index]!.api.patch(`/api/venture-tasks/${todo.id}`, { data: { status: 'in_progress' } }),
    );
  }
  const page = await pageAs(browser, pm.email, PASSWORD);
  await page.goto(`/programs/${programId}`);
  const quiet = page.locator(`[data-testid="cohort-row"][data-venture-id="${ventureIds[1]}"]`);
  await expect(quiet.getByTestId('risk-badge')).toContainText('At risk');
  await expect(quiet.getByTestId('risk-badge')).toContainText('no activity for 15 days');
  for (const index of [0, 2]) {
    await expect
      .poll(async () =>
        page.locator(`[data-venture-id="${ventureIds[index]}"]`).getByTestId('risk-badge').count(),
      )
      .toBe(0);
  }
  // Sorted by risk (the default): venture 2 first; by progress: venture 1 (3 tasks done) first.
  await expect(page.getByTestId('cohort-row').first()).toHaveAttribute('data-venture-id', ventureIds[1]!);
  await page.locator('.ant-segmented-item', { hasText: 'Progress' }).click();
  await expect(page.getByTestId('cohort-row').first()).toHaveAttribute('data-venture-id', ventureIds[0]!);
});

test('the mentor sees only venture 1 (venture 2 is "Venture not found", 404 from the API) and verifies its done task', async ({
  browser,
}) => {
  const page = await pageAs(browser, mentor.email, PASSWORD);
  await page.goto('/mentoring');
  await expect(page.getByTestId('mentored-venture')).toHaveCount(1);
  await expect(page.getByTestId('mentored-venture')).toContainText('Venture 1');
  await page.goto(`/ventures/${ventureIds[1]}`);
  await expect(page.getByRole('heading', { name: 'Venture not found' })).toBeVisible();
  const api = await page.request.get(`/api/ventures/${ventureIds[1]}`);
  expect([api.status(), await api.json()]).toEqual([
    404,
    { code: 'VENTURE.NOT_FOUND', message: 'Venture not found' },
  ]);
  await page.goto(`/ventures/${ventureIds[0]}`);
  await expect(page.getByTestId('staff-notice')).toContainText('as a mentor');

  // The mentor verifies a done task; the founder's card says so.
  const roadmap = await ok<{ tasks: Array<{ id: string; title: string; status: string }> }>(
    await founders[0]!.api.get(`/api/ventures/${ventureIds[0]}`),
  );
  const done = roadmap.tasks.find((t) => t.status === 'done')!;
  await page.goto(`/ventures/${ventureIds[0]}?task=${done.id}`);
  await page.getByTestId('task-drawer').getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('task-drawer')).toContainText(`Verified by ${mentor.email}`);
  const founderPage = await pageAs(browser, founders[0]!.email, PASSWORD);
  await founderPage.goto(`/ventures/${ventureIds[0]}`);
  await expect(
    founderPage.getByTestId('task-card').filter({ hasText: done.title }).getByTestId('task-verified'),
  ).toHaveText(`Verified by ${mentor.email}`);
});

test('a founder of another organization gets 404 on the program', async ({ browser }) => {
  const page = await pageAs(browser, otherFounder.email, PASSWORD);
  await page.goto(`/programs/${programId}`);
  await expect(page.getByRole('heading', { name: 'Program not found' })).toBeVisible();
  const api = await page.request.get(`/api/programs/${programId}/dashboard`);
  expect([api.status(), await api.json()]).toEqual([
    404,
    { code: 'PROGRAM.NOT_FOUND', message: 'Program not found' },
  ]);
});

test('a founder who chooses "Progress only" on the venture page shows no task cells on the dashboard', async ({
  browser,
}) => {
  const founder = await pageAs(browser, founders[2]!.email, PASSWORD);
  await founder.goto(`/ventures/${ventureIds[2]}`);
  const panel = founder.getByTestId('program-panel');
  await expect(panel).toContainText('Harbour Accelerator Spring');
  await panel.getByText('Progress only').click();
  await expect(
    founder.locator('.ant-notification-notice').filter({ hasText: 'Progress only' }),
  ).toBeVisible();

  const page = await pageAs(browser, pm.email, PASSWORD);
  await page.goto(`/programs/${programId}`);
  const row = page.locator(`[data-testid="cohort-row"][data-venture-id="${ventureIds[2]}"]`);
  await expect(row.getByTestId('progress-only')).toBeVisible();
  await expect(row.getByTestId('cohort-cell')).toHaveCount(0);
  await expect(row.getByTestId('cohort-progress')).toHaveText('2 %');
  expect(await blockingViolations(page)).toEqual([]);
});
