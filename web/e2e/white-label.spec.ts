import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { blockingViolations } from './support/axe';
import { prerenderedHeadingKept, rememberPrerenderedHeading } from './support/hydration';

/*
 * Issue 19, white label in Chromium: the platform administrator sets an organization's white label on its
 * admin page; a visitor registers through `/org/{slug}` and sees the organization's logo, name ("… · powered
 * by Venture Roadmap") and colour in the app; the welcome e-mail comes from "<organization> via Venture
 * Roadmap" with the organization's Reply-To; the organization's custom domain serves its branded
 * registration at `/`. The runner has no SMTP_URL: the mailer writes every e-mail to DATA_DIR/mail.
 */

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
const PASSWORD = 'launch-day-42';
const mailDir = path.join(process.env.E2E_DATA_DIR!, 'mail');
const ORANGE = '#7C2D12';

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The `.eml` files of one kind addressed to `to`, with folded headers and soft breaks undone. */
async function mailsTo(to: string, kind: string): Promise<string[]> {
  const names = await readdir(mailDir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml') && n.includes(`-${kind}-`))) {
    const text = (await readFile(path.join(mailDir, name), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/\r?\n[ \t]+/g, ' ');
    if (new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm').test(text)) found.push(text);
  }
  return found;
}

/** `GET /` with the Host header of the custom domain, straight to the gateway. */
function getWithHost(base: string, host: string): Promise<{ status: number; body: string; link: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: '/', headers: { host, accept: 'text/html' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, link: String(res.headers.link ?? '') }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('a member of a white-labelled organization sees its brand in the app and its e-mails, and its domain serves its registration', async ({
  page: admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  expect(ADMIN_EMAIL, 'E2E_ADMIN_EMAIL comes from playwright.config.ts').not.toBe('');
  const suffix = uniqueSuffix();
  const slug = `northgate-${suffix}`;
  const displayName = `Northgate Venture Lab ${suffix}`;
  const domain = `ventures-${suffix}.northgate.test`;
  const logoUrl = `${baseURL}/favicon.svg`;
  const visitorEmail = `founder.${suffix}@example.com`;

  // The administrator creates the organization (its colour and logo) and sets its white label on its page.
  await admin.goto('/auth');
  await admin.getByLabel('Email').fill(ADMIN_EMAIL);
  await admin.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(admin.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const created = await admin.request.post('/api/admin/organizations', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: `Northgate ${suffix}`, slug, logoUrl, primaryColor: ORANGE },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await admin.goto(`/admin/organizations/edit/${id}`);
  const whiteLabel = admin.locator('.admin-edit__white-label');
  await expect(whiteLabel.getByRole('heading', { name: 'White label' })).toBeVisible({ timeout: 30_000 });
  await whiteLabel.getByLabel('Display name').fill(displayName);
  await whiteLabel.getByLabel('Reply-to address').fill('programs@northgate.example');
  await whiteLabel.getByLabel('Support link').fill('https://northgate.example/help');
  await whiteLabel.getByLabel('Custom domain').fill('not a domain');
  await whiteLabel.getByRole('button', { name: 'Save white label' }).click();
  await expect(
    whiteLabel.getByText('Custom domain must be a hostname like ventures.example.org'),
  ).toBeVisible();
  await whiteLabel.getByLabel('Custom domain').fill(domain);
  await whiteLabel.getByRole('button', { name: 'Save white label' }).click();
  await expect(toast(admin, 'White label saved')).toBeVisible();
  // Off the button: axe reads antd's lighter hover colour as it is.
  await admin.mouse.move(0, 0);
  expect(await blockingViolations(admin, { include: '.admin-edit__white-label' })).toEqual([]);

  // The same settings in the organization's workspace (the administrator acts as its org admin there).
  await admin.goto(`/orgs/${slug}?tab=settings`);
  const settings = 'section[aria-labelledby="workspace-white-label-heading"]';
  await expect(admin.locator(settings).getByRole('heading', { name: 'White label' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(admin.locator(settings).getByLabel('Custom domain')).toHaveValue(domain);
  await expect(admin.locator(settings).getByLabel('Display name')).toHaveValue(displayName);
  expect(await blockingViolations(admin, { include: settings })).toEqual([]);

  // A visitor registers through the organization's page and lands in the app in its brand.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/org/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: `Register with ${displayName}` })).toBeVisible({
    timeout: 30_000,
  });
  await visitor.getByLabel('Email').fill(visitorEmail);
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Register' }).click();
  await expect(visitor).toHaveURL(/\/ventures\/new$/);
  const brand = visitor.getByTestId('member-brand');
  await expect(brand).toHaveText(`${displayName} · powered by Venture Roadmap`);
  await expect(brand.locator('img')).toHaveAttribute('src', logoUrl);
  await expect(visitor.getByRole('link', { name: `${displayName} support` })).toHaveAttribute(
    'href',
    'https://northgate.example/help',
  );
  // The computed background of a primary button is the organization's colour.
  await visitor.mouse.move(0, 0);
  const primary = visitor.locator('main .ant-btn-primary').first();
  await expect(primary).toBeVisible();
  await expect(primary).toHaveCSS('background-color', rgb(ORANGE));
  expect(await blockingViolations(visitor)).toEqual([]);

  // The roadmap's task buttons are plain buttons drawn like antd's (issue 22): the brand colours them too.
  const pilot = await visitor.request.post('/api/ventures', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Northgate pilot', blurb: '' },
  });
  expect(pilot.status()).toBe(201);
  await visitor.goto(`/ventures/${((await pilot.json()) as { id: string }).id}`);
  const startTask = visitor.getByRole('button', { name: 'Start Task' }).first();
  await expect(startTask).toBeVisible({ timeout: 30_000 });
  await expect(startTask).toHaveCSS('background-color', rgb(ORANGE));
  expect(await blockingViolations(visitor)).toEqual([]);

  // Its welcome e-mail: the organization's name as sender name (the platform's address), its Reply-To.
  await expect
    .poll(() => mailsTo(visitorEmail, 'welcome').then((m) => m.length), { timeout: 10_000 })
    .toBe(1);
  const [welcome] = await mailsTo(visitorEmail, 'welcome');
  expect(welcome).toMatch(new RegExp(`^From: ${displayName} via Venture Roadmap <[^>]+@[^>]+>$`, 'm'));
  expect(welcome).toMatch(new RegExp(`^Reply-To: ${displayName} <programs@northgate\\.example>$`, 'm'));
  expect(welcome).toContain(`https://${domain}/`);
  await visitorContext.close();

  // The custom domain serves the organization's registration at `/`: the gateway's answer for that Host…
  const answer = await getWithHost(baseURL!, `${domain}:${new URL(baseURL!).port}`);
  expect(answer.status).toBe(200);
  expect(answer.body).toContain(`<meta name="vr-organization" content="${slug}">`);
  // Issue 22: filled in from the build's template as `/org/{slug}` is, its branding embedded; the session is
  // the one read the app makes before it hydrates the page.
  expect(answer.body).toContain('<div id="root" data-prerendered>');
  expect(answer.body).toContain(`Register with ${displayName}</h1>`);
  expect(answer.body).toContain(`data-answer-for="/api/organizations/by-slug/${slug}"`);
  expect(answer.link).toBe('</api/session>; rel=preload; as=fetch; crossorigin=use-credentials');
  const platformAnswer = await getWithHost(baseURL!, `unknown-${suffix}.example:${new URL(baseURL!).port}`);
  expect(platformAnswer.body).not.toContain('vr-organization');

  // …and a browser that resolves the domain to the platform shows the branded registration there.
  const mapped = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${domain} 127.0.0.1`],
  });
  try {
    const onDomain = await (await mapped.newContext()).newPage();
    const brandingReads: string[] = [];
    onDomain.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/organizations/by-slug/${slug}`) brandingReads.push(slug);
    });
    const errors: string[] = [];
    onDomain.on('pageerror', (error) => errors.push(error.message));
    onDomain.on('console', (message) => {
      const text = message.text();
      // Of this test's making, not the page's: the domain is plain http and not localhost (Chrome ignores the
      // opener policy there), and the logo is the platform's own http address, which the CSP's `img-src 'self'
      // https:` does not allow on the domain's origin.
      const ofTheSetup =
        /Cross-Origin-Opener-Policy header has been ignored|Loading the image 'http:\/\/127\.0\.0\.1/;
      if (message.type() === 'error' && !ofTheSetup.test(text)) errors.push(text);
    });
    // Hydrated in place: the heading the HTML brought is the one the app keeps.
    await rememberPrerenderedHeading(onDomain);
    await onDomain.goto(`http://${domain}:${new URL(baseURL!).port}/`);
    const heading = onDomain.getByRole('heading', { level: 1, name: `Register with ${displayName}` });
    await expect(heading).toBeVisible({ timeout: 30_000 });
    // Live once the heading has taken the focus (the page's effect after hydration).
    await expect(heading).toBeFocused();
    expect(await prerenderedHeadingKept(onDomain)).toBe(true);
    await expect(onDomain).toHaveTitle(new RegExp(`Register with ${displayName}`));
    // Never asked for: the app took the answer embedded in the page.
    expect(brandingReads).toEqual([]);
    expect(errors).toEqual([]);
    expect(await blockingViolations(onDomain)).toEqual([]);
  } finally {
    await mapped.close();
  }
});
