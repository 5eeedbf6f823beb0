import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { pickOption, shownValue } from './support/antd';
import { blockingViolations } from './support/axe';

/*
 * Issue 16, founding teams, in the browser: two (and three) people in their own browser contexts share a
 * venture through an e-mailed invitation, work on it with roles, comment with @mentions, and control their
 * e-mail. The runner has no SMTP_URL: the mailer writes every e-mail as an `.eml` file under DATA_DIR/mail.
 */

const PASSWORD = 'launch-day-42';
const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
const mailDir = path.join(process.env.E2E_DATA_DIR!, 'mail');

// Several sign-ups, a 50-task roadmap per context and e-mails through the outbox: room for a busy machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

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

/** The e-mails of one kind (the file name's `-<kind>-`) addressed to `to`. */
async function mailsTo(to: string, kind: string): Promise<string[]> {
  const names = await readdir(mailDir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml') && n.includes(`-${kind}-`))) {
    const text = decodeMail(await readFile(path.join(mailDir, name), 'utf8'));
    if (new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) found.push(text);
  }
  return found;
}

/** The one e-mail of `kind` to `to`, once the mailer has written it. */
async function mailTo(to: string, kind: string): Promise<string> {
  await expect.poll(() => mailsTo(to, kind).then((mails) => mails.length), { timeout: 20_000 }).toBe(1);
  const [mail] = await mailsTo(to, kind);
  return mail!;
}

/** The path (and query) of the first link in `mail` whose path starts with `prefix`. */
function linkIn(mail: string, prefix: string): string {
  // The host, then the prefix at once: `/unsubscribe` is the page, not the one-click `/api/unsubscribe`.
  const pattern = new RegExp(`https?://[^/\\s"'<>]+${prefix.replace(/[/]/g, '\\/')}[^\\s"'<>]*`);
  const match = pattern.exec(mail);
  expect(match, `a link to ${prefix} in the e-mail`).not.toBeNull();
  const url = new URL(match![0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}${url.hash}`;
}

async function register(request: APIRequestContext, email: string): Promise<string> {
  const registered = await request.post('/api/register', {
    headers: CSRF,
    data: { username: email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  return ((await registered.json()) as { id: string }).id;
}

async function createVenture(request: APIRequestContext, name: string): Promise<string> {
  const created = await request.post('/api/ventures', { headers: CSRF, data: { name, blurb: '' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function openRoadmap(page: Page, ventureId: string, name: string) {
  await page.goto(`/ventures/${ventureId}`);
  // The first load of a fresh browser context fetches every chunk: allow for a slow machine.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 60_000 });
}

/** A new signed-in person in a browser context of their own. */
async function person(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  return { context, page, email };
}

/** The owner invites `email` with `role` through the Share dialog. */
async function invite(page: Page, email: string, role: 'Editor' | 'Viewer') {
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: /^Share / });
  await dialog.getByLabel('Email').fill(email);
  const roleSelect = dialog.getByLabel('Role');
  await pickOption(page, roleSelect, new RegExp(`^${role} `), shownValue(roleSelect, role));
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'Invitation sent')).toBeVisible();
  await expect(dialog.getByTestId('pending-invitation').filter({ hasText: email })).toBeVisible();
  return dialog;
}

/** B follows the e-mailed link signed out, signs up there, accepts, and lands on the roadmap. */
async function acceptBySigningUp(page: Page, email: string, ventureName: string) {
  const link = linkIn(await mailTo(email, 'invitation'), '/invitation#');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: `Join ${ventureName}` })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('link', { name: 'Sign up to accept' }).click();
  await expect(page).toHaveURL(/\/auth\?/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Back on the invitation, now signed in with the invited address.
  await expect(page).toHaveURL((url) => `${url.pathname}${url.hash}` === link);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: ventureName })).toBeVisible();
}

function taskCard(page: Page, title: string): Locator {
  return page
    .getByTestId('task-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test('an owner invites a co-founder by e-mail, roles decide what each sees, and outsiders find nothing', async ({
  browser,
}) => {
  const a = await person(browser, 'owner.a');
  const b = await person(browser, 'cofounder.b');
  const c = await person(browser, 'outsider.c');
  const ventureName = 'Harvest Cold Chain';

  await register(a.page.request, a.email);
  const ventureId = await createVenture(a.page.request, ventureName);
  await openRoadmap(a.page, ventureId, ventureName);
  const dialog = await invite(a.page, b.email, 'Editor');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await acceptBySigningUp(b.page, b.email, ventureName);
  await expect(b.page).toHaveURL(new RegExp(`/ventures/${ventureId}$`));
  await expect(b.page.getByTestId('venture-role')).toHaveText('Editor');

  // B starts the first task.
  const first = b.page.getByTestId('task-card').first();
  const title = (await first.getByRole('heading').first().textContent())!.trim();
  await first.getByRole('button', { name: 'Start Task' }).click();
  await expect(toast(b.page, 'Task updated to In Progress')).toBeVisible();

  // A reloads: the new status, and B's move in the activity (built from the event a moment later).
  const sentence = `${b.email} moved ${title} from To Do to In Progress`;
  await expect(async () => {
    await a.page.reload();
    await expect(taskCard(a.page, title).getByTestId('task-status')).toHaveText(/In Progress/, {
      timeout: 5000,
    });
    await expect(a.page.getByTestId('activity-entry').filter({ hasText: sentence })).toBeVisible({
      timeout: 5000,
    });
  }).toPass({ timeout: 60_000 });
  // The task's own history in its drawer says the same.
  const history = await openDrawer(a.page, title);
  await history.getByRole('tab', { name: 'History' }).click();
  await expect(history.getByTestId('activity-entry').filter({ hasText: sentence })).toBeVisible();
  await history.getByRole('button', { name: 'Close the task' }).click();
  await expect(history).toBeHidden();

  // A makes B a viewer.
  await a.page.getByRole('button', { name: 'Share' }).click();
  const share = a.page.getByRole('dialog', { name: /^Share / });
  const bRow = share.getByTestId('venture-member').filter({ hasText: b.email });
  await pickOption(a.page, bRow.getByLabel(`Role of ${b.email}`), /^Viewer$/, toast(a.page, 'Role changed'));

  // B's page still offers the buttons it loaded with: the server refuses, and the page then reads the venture
  // again and hides them.
  await b.page.getByTestId('task-card').nth(1).getByRole('button', { name: 'Start Task' }).click();
  await expect(toast(b.page, 'Failed to update task')).toBeVisible();
  await expect(b.page.getByTestId('venture-role')).toHaveText('Viewer');
  await expect(b.page.getByRole('button', { name: 'Start Task' })).toHaveCount(0);

  // After a reload too, B's status buttons are gone, and the server refuses B's change.
  await b.page.reload();
  await expect(b.page.getByTestId('venture-role')).toHaveText('Viewer');
  await expect(b.page.getByTestId('task-card')).toHaveCount(50);
  await expect(b.page.getByRole('button', { name: 'Start Task' })).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
  const venture = (await (await b.page.request.get(`/api/ventures/${ventureId}`)).json()) as {
    tasks: { id: string; title: string }[];
  };
  const taskId = venture.tasks.find((task) => task.title === title)!.id;
  const refused = await b.page.request.patch(`/api/venture-tasks/${taskId}`, {
    headers: CSRF,
    data: { status: 'done' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('VENTURE.FORBIDDEN');

  // C, who is no member, finds nothing at the venture's address.
  await register(c.page.request, c.email);
  await c.page.goto(`/ventures/${ventureId}`);
  await expect(c.page.getByRole('heading', { level: 1, name: 'Venture not found' })).toBeVisible({
    timeout: 60_000,
  });
  const hidden = await c.page.request.get(`/api/ventures/${ventureId}`);
  expect(hidden.status()).toBe(404);
  expect(((await hidden.json()) as { code: string }).code).toBe('VENTURE.NOT_FOUND');

  await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
});

/** A venture of A's with B as a member of `role`, both signed in (B through the API). */
async function sharedVenture(browser: Browser, ventureName: string, role: 'Editor' | 'Viewer') {
  const a = await person(browser, 'owner.a');
  const b = await person(browser, 'cofounder.b');
  await register(a.page.request, a.email);
  const ventureId = await createVenture(a.page.request, ventureName);
  await openRoadmap(a.page, ventureId, ventureName);
  await invite(a.page, b.email, role);
  await a.page.keyboard.press('Escape');

  await register(b.page.request, b.email);
  const link = linkIn(await mailTo(b.email, 'invitation'), '/invitation#');
  await b.page.goto(link);
  await b.page.getByRole('button', { name: 'Accept invitation' }).click({ timeout: 60_000 });
  await expect(b.page.getByRole('heading', { level: 1, name: ventureName })).toBeVisible();
  return { a, b, ventureId };
}

async function openDrawer(page: Page, title: string): Promise<Locator> {
  await taskCard(page, title).getByRole('link', { name: title }).click();
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('a co-founder @mentions the owner in a comment: the owner gets the e-mail and reads it in the task drawer; only its author may change it', async ({
  browser,
}) => {
  const ventureName = 'Mention Mills';
  const { a, b, ventureId } = await sharedVenture(browser, ventureName, 'Editor');
  const first = b.page.getByTestId('task-card').first();
  const title = (await first.getByRole('heading').first().textContent())!.trim();

  const drawer = await openDrawer(b.page, title);
  await drawer.getByRole('tab', { name: 'Comments' }).click();
  await expect(drawer.getByText('No comments yet.')).toBeVisible();
  const box = drawer.getByLabel('Write a comment');
  await box.fill(`@${a.email} can you review?`);
  await expect(drawer.getByTestId('comment-counter')).toHaveText(
    `${`@${a.email} can you review?`.length}/5000`,
  );
  await drawer.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(drawer.getByTestId('comment')).toHaveCount(1);
  await expect(drawer.getByTestId('comment')).toContainText('can you review?');

  const mention = await mailTo(a.email, 'comment-mention');
  expect(mention).toContain('can you review?');

  // A opens the same task's drawer (from its address) and reads the comment there.
  await openRoadmap(a.page, ventureId, ventureName);
  const aDrawer = await openDrawer(a.page, title);
  await aDrawer.getByRole('tab', { name: 'Comments' }).click();
  const comment = aDrawer.getByTestId('comment');
  await expect(comment).toContainText(`@${a.email} can you review?`);
  await expect(comment.getByRole('button', { name: 'Edit your comment' })).toHaveCount(0);
  await expect(comment.getByRole('button', { name: 'Delete your comment' })).toHaveCount(0);

  // Editing or deleting someone else's comment is refused by the server.
  const venture = (await (await a.page.request.get(`/api/ventures/${ventureId}`)).json()) as {
    tasks: { id: string; title: string }[];
  };
  const taskId = venture.tasks.find((task) => task.title === title)!.id;
  const [written] = (await (await a.page.request.get(`/api/venture-tasks/${taskId}/comments`)).json()) as {
    id: string;
  }[];
  const edit = await a.page.request.patch(`/api/venture-tasks/${taskId}/comments/${written!.id}`, {
    headers: CSRF,
    data: { body: 'Rewritten by someone else' },
  });
  expect(edit.status()).toBe(403);
  expect(((await edit.json()) as { code: string }).code).toBe('COMMENT.NOT_AUTHOR');
  const removal = await a.page.request.delete(`/api/venture-tasks/${taskId}/comments/${written!.id}`, {
    headers: CSRF,
  });
  expect(removal.status()).toBe(403);
  expect(((await removal.json()) as { code: string }).code).toBe('COMMENT.NOT_AUTHOR');

  // The author edits it in the drawer.
  await drawer.getByRole('button', { name: 'Edit your comment' }).click();
  const editor = drawer.getByLabel('Edit your comment');
  await editor.fill(`@${a.email} can you review? Updated.`);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByTestId('comment')).toContainText('Updated.');
  await expect(drawer.getByTestId('comment')).toContainText('(edited)');

  // B takes the task from its drawer: the card shows the assignee, and "Assigned to me" finds only it.
  await pickOption(
    b.page,
    drawer.getByLabel('Assignee'),
    new RegExp(`^${b.email.replace(/[.+]/g, '\\$&')}$`),
    toast(b.page, 'Task assigned'),
  );
  await drawer.getByRole('button', { name: 'Close the task' }).click();
  await expect(drawer).toBeHidden();
  await expect(taskCard(b.page, title).getByTestId('task-assignee')).toHaveText(`Assigned to ${b.email}`);
  await b.page.getByRole('button', { name: 'Assigned to me' }).click();
  await expect(b.page.getByTestId('task-card')).toHaveCount(1);
  await expect(b.page.getByTestId('task-card').getByRole('heading')).toHaveText(title);

  await Promise.all([a.context.close(), b.context.close()]);
});

test('with task changes off, a status change sends that member no e-mail; the unsubscribe link works signed out', async ({
  browser,
}) => {
  const ventureName = 'Quiet Quarry';
  const { a, b } = await sharedVenture(browser, ventureName, 'Editor');

  // B turns task change e-mails off on the account page.
  await b.page.goto('/account');
  const notifications = b.page.getByRole('region', { name: 'Notifications' });
  await notifications.getByText('Off', { exact: true }).click();
  await expect(toast(b.page, 'Notifications updated')).toBeVisible();
  await b.page.reload();
  await expect(
    b.page.getByRole('region', { name: 'Notifications' }).getByRole('radio', { name: 'Off' }),
  ).toBeChecked();

  // A moves two tasks: B hears nothing. A third person with the defaults would (the control below).
  const first = a.page.getByTestId('task-card').first();
  await first.getByRole('button', { name: 'Start Task' }).click();
  await expect(toast(a.page, 'Task updated to In Progress')).toBeVisible();
  // B's own change tells A (instant by default), so the mailer has handled the events before B's count is read.
  await b.page.goto(a.page.url());
  const bFirst = b.page.getByTestId('task-card').first();
  await bFirst.getByRole('button', { name: 'Mark Complete' }).click({ timeout: 60_000 });
  const toA = await mailTo(a.email, 'task-change');
  expect(await mailsTo(b.email, 'task-change')).toHaveLength(0);
  expect(await mailsTo(b.email, 'task-status')).toHaveLength(0);

  // The unsubscribe link of A's e-mail turns that kind off without signing in.
  const unsubscribeLink = linkIn(toA, '/unsubscribe');
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(unsubscribeLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from these e-mails' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  const preferences = (await (await a.page.request.get('/api/user/notification-preferences')).json()) as {
    taskChanges: string;
  };
  expect(preferences.taskChanges).toBe('off');

  await Promise.all([a.context.close(), b.context.close(), visitor.close()]);
});

test('program updates (at-risk alerts, weekly digests) have their own switch on the account page, apart from reminders; axe finds nothing serious in the Notifications card', async ({
  page,
}) => {
  await register(page.request, uniqueEmail('mentor'));
  await page.goto('/account');
  const notifications = page.getByRole('region', { name: 'Notifications' });
  const programUpdates = notifications.getByRole('switch', { name: 'Program updates' });
  const reminders = notifications.getByRole('switch', { name: 'Due-date reminders' });
  // On by default, with what it covers.
  await expect(programUpdates).toBeChecked({ timeout: 60_000 });
  await expect(notifications).toContainText(
    'At-risk alerts for the ventures you mentor, and the weekly digest of the programs you run.',
  );
  await page.mouse.move(0, 0);
  expect(await blockingViolations(page, { include: '[data-testid="notification-settings"]' })).toEqual([]);

  await programUpdates.click();
  await expect(toast(page, 'Notifications updated')).toBeVisible();
  await page.reload();
  await expect(programUpdates).not.toBeChecked({ timeout: 60_000 });
  await expect(reminders).toBeChecked();
  const saved = await (await page.request.get('/api/user/notification-preferences')).json();
  expect(saved).toEqual({
    taskChanges: 'instant',
    mentions: true,
    assignments: true,
    reminders: true,
    programUpdates: false,
  });

  // Reminders off does not touch program updates; program updates back on does not touch reminders.
  await reminders.click();
  await expect(reminders).not.toBeChecked();
  await expect(programUpdates).toBeEnabled();
  await programUpdates.click();
  await expect(programUpdates).toBeChecked();
  await expect
    .poll(async () => (await page.request.get('/api/user/notification-preferences')).json())
    .toMatchObject({ reminders: false, programUpdates: true });
  await page.mouse.move(0, 0);
  expect(await blockingViolations(page, { include: '[data-testid="notification-settings"]' })).toEqual([]);
});

test('an owner resends and revokes an invitation, is told about an address already invited or a member, and stays as the last owner', async ({
  page,
}) => {
  const owner = uniqueEmail('owner.a');
  const invitee = uniqueEmail('invitee');
  const ventureName = 'Pending Partners';
  await register(page.request, owner);
  const ventureId = await createVenture(page.request, ventureName);
  await openRoadmap(page, ventureId, ventureName);
  const dialog = await invite(page, invitee, 'Editor');

  // The same address again: the server's message, beside the form.
  await dialog.getByLabel('Email').fill(invitee);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`An invitation to ${invitee} is already pending.`);
  // The owner's own address: already a member.
  await dialog.getByLabel('Email').fill(owner);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`${owner} is already a member of this venture.`);

  await dialog.getByRole('button', { name: `Resend the invitation to ${invitee}` }).click();
  await expect(toast(page, 'Invitation resent')).toBeVisible();
  await expect
    .poll(() => mailsTo(invitee, 'invitation').then((mails) => mails.length), { timeout: 20_000 })
    .toBe(2);
  await dialog.getByRole('button', { name: `Revoke the invitation to ${invitee}` }).click();
  await expect(toast(page, 'Invitation revoked')).toBeVisible();
  await expect(dialog.getByText('No pending invitations.')).toBeVisible();

  // The only owner can neither leave nor change their own role.
  const me = dialog.getByTestId('venture-member').filter({ hasText: owner });
  await expect(me).toContainText('Owner');
  await expect(me.getByRole('button', { name: 'Leave venture' })).toHaveCount(0);
  await expect(dialog.getByText('A venture always keeps at least one owner')).toBeVisible();
});

test('axe finds no serious or critical violations on the roadmap with its task drawer open, nor on the invitation page', async ({
  browser,
}) => {
  const a = await person(browser, 'owner.a');
  const invitee = uniqueEmail('invitee');
  const ventureName = 'Accessible Acres';
  await register(a.page.request, a.email);
  const ventureId = await createVenture(a.page.request, ventureName);
  await openRoadmap(a.page, ventureId, ventureName);
  await invite(a.page, invitee, 'Viewer');
  await a.page.keyboard.press('Escape');

  const title = (await a.page
    .getByTestId('task-card')
    .first()
    .getByRole('heading')
    .first()
    .textContent())!.trim();
  const drawer = await openDrawer(a.page, title);
  await drawer.getByRole('tab', { name: 'Comments' }).click();
  await expect(drawer.getByLabel('Write a comment')).toBeVisible();
  await expectNoSeriousViolations(a.page);

  // Closing the drawer gives focus back to the card's link.
  await a.page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(taskCard(a.page, title).getByRole('link', { name: title })).toBeFocused();

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(linkIn(await mailTo(invitee, 'invitation'), '/invitation#'));
  await expect(page.getByRole('heading', { level: 1, name: `Join ${ventureName}` })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('invitation-role')).toHaveText('Viewer');
  await expectNoSeriousViolations(page);

  await Promise.all([a.context.close(), visitor.close()]);
});

async function expectNoSeriousViolations(page: Page) {
  expect(await blockingViolations(page)).toEqual([]);
}
