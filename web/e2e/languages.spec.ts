import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { pickOption } from './support/antd';
import { blockingViolations } from './support/axe';
import { prerenderedHeadingKept, rememberPrerenderedHeading } from './support/hydration';

/*
 * Issue 21: a founder switches to Español on the account page; the account page, the roadmap, a guide and the
 * next status-change e-mail are then in Spanish, while a second user reading English still gets English. The
 * Spanish texts are read from the catalogues themselves (the web's, the mailer's and the guide files), so the
 * test checks that they reach the screen and the mailbox, whatever their wording.
 */

const repo = fileURLToPath(new URL('../..', import.meta.url));
// The runner of playwright.config.ts has no SMTP_URL: the mailer writes every e-mail to DATA_DIR/mail.
const mailDir = path.join(process.env.E2E_DATA_DIR!, 'mail');
test.describe.configure({ timeout: 120_000 });

function readJson(file: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(repo, file), 'utf8')) as Record<string, string>;
}

/** The web's Spanish for an English text (all its catalogue files), `{name}` placeholders filled. */
const webCatalogue: Record<string, string> = Object.assign(
  {},
  ...readdirSync(path.join(repo, 'web/src/i18n/catalogues/es')).map((file) =>
    readJson(`web/src/i18n/catalogues/es/${file}`),
  ),
);
const mailCatalogue = readJson('services/mailer/src/i18n/es.json');

function fill(message: string, values: Record<string, string> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}
function es(id: string, values?: Record<string, string>): string {
  const message = webCatalogue[id];
  if (message === undefined) throw new Error(`no Spanish for "${id}" in web/src/i18n/catalogues/es`);
  return fill(message, values);
}
function mailEs(id: string, values?: Record<string, string>): string {
  const message = mailCatalogue[id];
  if (message === undefined) throw new Error(`no Spanish for "${id}" in the mailer's catalogue`);
  return fill(message, values);
}

/** A guide file's title, English or Spanish (`es/`). */
function guideTitle(file: string): string {
  const text = readFileSync(path.join(repo, 'services/venture/content/guides', file), 'utf8');
  return /^title: (.+)$/m
    .exec(text)![1]!
    .trim()
    .replace(/^['"]|['"]$/g, '');
}
const firstGuide = readdirSync(path.join(repo, 'services/venture/content/guides')).find((file) =>
  file.startsWith('01-'),
)!;

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) and quoted-printable bodies, decoded to text. The
 * file is read byte for byte ('latin1'); every step keeps bytes, and the UTF-8 is decoded once at the end.
 */
function decodeMail(raw: string): string {
  const escapes = (text: string) =>
    text.replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  // Folded header lines first (an encoded word may end a line); the space between two encoded words is not text.
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const words = unfolded.replace(
    /=\?utf-8\?([qb])\?([^?]*)\?=(?:[ \t]+(?==\?utf-8\?))?/gi,
    (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('latin1')
        : escapes(text.replace(/_/g, ' ')),
  );
  return Buffer.from(escapes(words.replace(/=\r?\n/g, '')), 'latin1').toString('utf8');
}

/** The decoded `.eml` files of one kind addressed to `to`. */
async function mailsTo(to: string, kind: string): Promise<string[]> {
  const names = await readdir(mailDir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml') && n.includes(`-${kind}-`))) {
    const text = decodeMail(await readFile(path.join(mailDir, name), 'latin1'));
    if (new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm').test(text)) found.push(text);
  }
  return found;
}

async function registerWithVenture(page: Page, email: string, name: string): Promise<string> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const registered = await page.request.post('/api/register', {
    headers,
    data: { username: email, password: 'launch-day-42' },
  });
  expect(registered.status()).toBe(201);
  const created = await page.request.post('/api/ventures', { headers, data: { name, blurb: '' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test('a founder switches to Español: account, roadmap, guide and the next e-mail are Spanish; another user stays English', async ({
  page,
  browser,
}) => {
  const founder = uniqueEmail('lang.es');
  const ventureId = await registerWithVenture(page, founder, 'Café Circular');

  // The account page: the language picker, in English first.
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await pickOption(
    page,
    page.getByTestId('language-select'),
    'Español',
    page.getByRole('heading', { level: 1, name: es('Account Settings') }),
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: es('Profile Information') })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // The roadmap, loaded afresh: the account's language, task titles from the Spanish guides.
  await page.goto(`/ventures/${ventureId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Café Circular' })).toBeVisible({
    timeout: 20_000,
  });
  const spanishTitle = guideTitle(`es/${firstGuide}`);
  const first = page.getByTestId('task-card').first();
  await expect(first.getByRole('heading').first()).toHaveText(spanishTitle);
  await expect(page.getByText(es('Ideation & Market Research')).first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // A guide: its title and headings in Spanish.
  await first.getByRole('button', { name: es('Guide: {title}', { title: spanishTitle }) }).click();
  const guide = page.getByRole('dialog', { name: spanishTitle });
  await expect(guide.getByRole('heading', { name: es('Why it matters') })).toBeVisible();
  await guide
    .getByRole('button', { name: es('Close') })
    .last()
    .click();
  await expect(guide).toBeHidden();

  // The next status change: its e-mail is in Spanish.
  await first.getByRole('button', { name: es('Start Task') }).click();
  await expect.poll(() => mailsTo(founder, 'task-status').then((m) => m.length), { timeout: 10_000 }).toBe(1);
  const [mail] = await mailsTo(founder, 'task-status');
  const subject = mailEs('Task updated to {status}: {taskTitle} ({ventureName})', {
    status: mailEs('In Progress'),
    taskTitle: spanishTitle,
    ventureName: 'Café Circular',
  });
  expect(mail).toContain(`Subject: ${subject}`);

  // A second user, reading English: English roadmap and English e-mail.
  const context = await browser.newContext({ locale: 'en-US' });
  const other = await context.newPage();
  const reader = uniqueEmail('lang.en');
  const otherVenture = await registerWithVenture(other, reader, 'Harbor Lights');
  await other.goto(`/ventures/${otherVenture}`);
  const otherFirst = other.getByTestId('task-card').first();
  await expect(otherFirst.getByRole('heading').first()).toHaveText(guideTitle(firstGuide), {
    timeout: 20_000,
  });
  await otherFirst.getByRole('button', { name: 'Start Task' }).click();
  await expect.poll(() => mailsTo(reader, 'task-status').then((m) => m.length), { timeout: 10_000 }).toBe(1);
  const [english] = await mailsTo(reader, 'task-status');
  expect(english).toContain(
    `Subject: Task updated to In Progress: ${guideTitle(firstGuide)} (Harbor Lights)`,
  );
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

/*
 * Issue 22: the public pages are pre-rendered in each language; the gateway serves a visitor the one of their
 * browser's language, so the page hydrates in place instead of rendering afresh over English.
 */
test("a Spanish visitor gets the public pages' Spanish HTML, hydrated in place; one who chose English reads English", async ({
  browser,
}) => {
  const spanish = await browser.newContext({ locale: 'es-ES' });
  const page = await spanish.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const heading = es('We help founders turn ideas into ventures');
  // What the browser itself was sent for its `Accept-Language` (es-ES).
  await rememberPrerenderedHeading(page);
  const served = await page.goto('/about');
  const html = await served!.text();
  expect(html).toContain('<html lang="es">');
  expect(html).toContain(heading);
  expect(served!.headers()['vary']).toMatch(/accept-language/i);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page).toHaveTitle(`${es('About us')} | Venture Roadmap`);
  // Live once hydrated: the mobile menu toggle answers, in Spanish.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: es('Open menu') }).click();
  await expect(page.getByRole('navigation', { name: es('Mobile') })).toBeVisible();
  expect(await prerenderedHeadingKept(page)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await blockingViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await spanish.close();

  // The same browser with English chosen before (kept in local storage, which the server never sees): the
  // Spanish HTML gives way to the page rendered in English.
  const chose = await browser.newContext({ locale: 'es-ES' });
  await chose.addInitScript(() => window.localStorage.setItem('vr.language', 'en'));
  const english = await chose.newPage();
  await english.goto('/about');
  await expect(
    english.getByRole('heading', { level: 1, name: 'We help founders turn ideas into ventures' }),
  ).toBeVisible();
  await expect(english.locator('html')).toHaveAttribute('lang', 'en');
  await english.setViewportSize({ width: 375, height: 800 });
  await english.getByRole('button', { name: 'Open menu' }).click();
  await expect(english.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await chose.close();
});
