import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { blockingViolations } from './support/axe';
import { prerenderedHeadingKept, rememberPrerenderedHeading } from './support/hydration';

/*
 * Issue 7, the rest of the public site: axe on an organization's registration page, the avatar's
 * initials for e-mail addresses of each shape, and pre-rendered pages hydrated without errors.
 */

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
const PASSWORD = 'launch-day-42';
const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * Holds the page's session lookup (`GET /api/session`) until the returned function is called: the pre-rendered
 * page hydrates once that lookup answers, so meanwhile it stays un-hydrated.
 */
async function holdSessionLookup(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/session', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Creates an active organization through the admin API, signed in as the seeded administrator. */
async function createOrganization(request: APIRequestContext, name: string, slug: string) {
  expect(ADMIN_EMAIL, 'E2E_ADMIN_EMAIL comes from playwright.config.ts').not.toBe('');
  const login = await request.post('/api/login', {
    data: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD, rememberMe: false },
    headers: CSRF,
  });
  expect(login.ok(), await login.text()).toBe(true);
  const created = await request.post('/api/admin/organizations', {
    data: {
      name,
      slug,
      logoUrl: null,
      primaryColor: '#7C3AED',
      secondaryColor: '#F97316',
      description: 'An accelerator for harbour-side startups.',
      isActive: true,
    },
    headers: CSRF,
  });
  expect(created.ok(), await created.text()).toBe(true);
}

test("a Spanish visitor gets an organization's registration page filled into its Spanish template, hydrated in place", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const suffix = uniqueSuffix();
  const name = `Muelle Labs ${suffix}`;
  const slug = `muelle-labs-${suffix}`;
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await createOrganization(admin, name, slug);
  } finally {
    await admin.dispose();
  }
  // The Spanish of the page's heading, from the app's own catalogue.
  const { 'Register with {name}': registerWith } = JSON.parse(
    readFileSync(new URL('../src/i18n/catalogues/es/app.json', import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const heading = registerWith!.replace('{name}', name);

  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await rememberPrerenderedHeading(page);
  const served = await page.goto(`/org/${slug}`);
  const html = await served!.text();
  expect(html).toContain('<html lang="es">');
  expect(html).toContain(`tabindex="-1">${heading}</h1>`);
  expect(served!.headers()['vary']).toMatch(/accept-language/i);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  expect(await prerenderedHeadingKept(page)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await blockingViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('an organization registration page loads no antd, checks its fields, and axe finds no serious or critical violations', async ({
  page,
  playwright,
  baseURL,
}) => {
  const suffix = uniqueSuffix();
  const name = `Harbor Labs ${suffix}`;
  const slug = `harbor-labs-${suffix}`;
  // Its own request context: the administrator's session never reaches the visitor's browser.
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await createOrganization(admin, name, slug);
  } finally {
    await admin.dispose();
  }

  // Issue 22: the gateway fills the build's template in, so the page's HTML already shows the organization,
  // with its branding embedded for the app.
  const served = await page.request.get(`/org/${slug}`, { headers: { accept: 'text/html' } });
  const html = await served.text();
  expect(html).toContain('<div id="root" data-prerendered>');
  expect(html).toContain(
    `<h1 id="org-register-heading" class="branded-card__heading" tabindex="-1">Register with ${name}</h1>`,
  );
  expect(html).toContain('An accelerator for harbour-side startups.');
  expect(html).toContain(`<title>Register with ${name} | Venture Roadmap</title>`);
  expect(html).toContain(`data-answer-for="/api/organizations/by-slug/${slug}"`);

  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const registrations: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(`/organizations/${slug}/register`)) registrations.push(slug);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Hydrated in place: the heading the HTML brought is the one the app keeps (a fresh render replaces it).
  await rememberPrerenderedHeading(page);
  await page.goto(`/org/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  // The app is live once the heading has taken the focus (the page's effect after hydration).
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(await prerenderedHeadingKept(page)).toBe(true);
  expect(await blockingViolations(page)).toEqual([]);
  // Plain markup (issue 22): no antd chunk, no antd rules.
  expect(requested.filter((path) => /\/assets\/antd-/.test(path))).toEqual([]);
  await expect(page.locator('style[data-css-hash]')).toHaveCount(0);
  // The app took the embedded branding: it never asked for it.
  const branding = `/api/organizations/by-slug/${slug}`;
  expect(requested.filter((path) => path === branding)).toEqual([]);
  await expect(page.locator('script[data-answer-for]')).toHaveCount(0);

  // The spec's messages under the fields, before any request; they follow the value once shown.
  const register = page.getByRole('button', { name: 'Register' });
  await expect(register).toHaveCSS('background-color', 'rgb(249, 115, 22)');
  await register.click();
  await expect(page.locator('#organization-registration_username_help')).toHaveText(
    'Please enter a valid email address',
  );
  await expect(page.locator('#organization-registration_password_help')).toHaveText(
    'Password must be at least 6 characters',
  );
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill('not-an-address');
  await expect(page.locator('#organization-registration_username_help')).toHaveText(
    'Please enter a valid email address',
  );
  await page.getByLabel('Password', { exact: true }).fill('abcdef');
  await expect(page.locator('#organization-registration_password_help')).toHaveCount(0);
  await page.getByLabel('Email').fill(`member.${uniqueSuffix()}@example.com`);
  await expect(page.locator('#organization-registration_username_help')).toHaveCount(0);
  expect(registrations).toEqual([]);

  await page.getByRole('link', { name: 'Use regular registration instead' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(errors).toEqual([]);
});

test('what a visitor types on an organization page before it is hydrated stays, and so does the focus', async ({
  page,
  playwright,
  baseURL,
}) => {
  const suffix = uniqueSuffix();
  const slug = `early-labs-${suffix}`;
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await createOrganization(admin, `Early Labs ${suffix}`, slug);
  } finally {
    await admin.dispose();
  }
  const registrations: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(`/organizations/${slug}/register`))
      registrations.push(request.postDataJSON());
  });
  // The page hydrates once the session lookup answers: until then it is the gateway's HTML alone.
  const release = await holdSessionLookup(page);
  await page.goto(`/org/${slug}`);
  const email = `early.${suffix}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('typed-early');
  release();
  // Live: the Register button answers (its checks pass, so it registers); the field kept the focus.
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(registrations).toEqual([{ username: email, password: 'typed-early' }]);
});

test("a signed-in user's organization page is the app shell, which asks for the branding with the page, once", async ({
  page,
  playwright,
  baseURL,
}) => {
  const suffix = uniqueSuffix();
  const name = `Quay Studio ${suffix}`;
  const slug = `quay-studio-${suffix}`;
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await createOrganization(admin, name, slug);
  } finally {
    await admin.dispose();
  }
  const registered = await page.request.post('/api/register', {
    data: { username: `member.${suffix}@example.com`, password: PASSWORD },
    headers: CSRF,
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const shell = await page.request.get(`/org/${slug}`, { headers: { accept: 'text/html' } });
  expect(await shell.text()).not.toContain('data-prerendered');

  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`/org/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // The branding was asked for with the page (its `Link: rel=preload`), before the app's code, and once:
  // the page's own call took that answer.
  const branding = `/api/organizations/by-slug/${slug}`;
  expect(requested.filter((path) => path === branding)).toHaveLength(1);
  expect(requested.indexOf(branding)).toBeLessThan(
    requested.findIndex((path) => /\/assets\/index-[^/]+\.js$/.test(path)),
  );
});

test.describe('avatar initials', () => {
  const cases: Array<[string, string]> = [
    ['jane.doe', 'JD'],
    ['john_smith', 'JS'],
    ['mary-ann', 'MA'],
    ['alex', 'AL'],
  ];
  for (const [localPart, initials] of cases) {
    test(`${localPart}@… shows ${initials} in the avatar`, async ({ page }) => {
      // Unique by its domain, whose dots do not count as name parts.
      const email = `${localPart}@${uniqueSuffix()}.example.com`;
      const registered = await page.request.post('/api/register', {
        data: { username: email, password: PASSWORD },
        headers: CSRF,
      });
      expect(registered.ok(), await registered.text()).toBe(true);
      // The browser shares the request's cookies: the new user is signed in.
      await page.goto('/account');
      const avatar = page.getByRole('button', { name: 'Account menu' });
      await expect(avatar).toBeVisible();
      await expect(avatar).toHaveText(initials);
    });
  }
});

test.describe('pre-rendered pages', () => {
  for (const [path, heading] of [
    ['/', 'Turn your startup idea into a venture that launches'],
    ['/about', 'We help founders turn ideas into ventures'],
    ['/contact', 'Get in touch'],
    ['/enterprise', 'Empower every founder in your program'],
    ['/auth', 'Welcome back'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password?token=from-an-email', 'Reset your password'],
    ['/terms', 'Terms of service'],
    ['/privacy', 'Privacy notice'],
    ['/cookies', 'Cookies'],
    ['/auth/sso-error?reason=expired', 'Single sign-on failed'],
    ['/auth/sso-error', 'Single sign-on failed'],
  ] as const) {
    test(`${path} holds its content without JavaScript and is hydrated in place without errors`, async ({
      page,
      request,
    }) => {
      const served = await request.get(path, { headers: { accept: 'text/html' } });
      const html = await served.text();
      expect(html).toContain('<div id="root" data-prerendered>');
      expect(html).toContain(heading);
      expect(html).toMatch(/<footer class="app-footer">/);

      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        // None at all: a visitor's session lookup (GET /api/session) is an answer, not a failed request.
        if (message.type() === 'error') errors.push(message.text());
      });
      // Remember the heading the HTML brought: hydration keeps that element, a fresh render would replace it.
      await rememberPrerenderedHeading(page);
      await page.goto(path);
      const title = page.getByRole('heading', { level: 1, name: heading });
      await expect(title).toBeVisible();
      // Interactive once hydrated: the mobile menu toggle answers (desktop width hides the menu itself).
      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      expect(await prerenderedHeadingKept(page)).toBe(true);
      expect(errors).toEqual([]);
    });
  }

  test("the SSO error page's HTML says what went wrong for each reason, and generically for any other", async ({
    request,
  }) => {
    const html = async (query: string) =>
      (await request.get(`/auth/sso-error${query}`, { headers: { accept: 'text/html' } })).text();
    expect(await html('?reason=expired')).toContain(
      'The sign-in took too long and expired. Start again with &quot;Continue with SSO&quot;.',
    );
    expect(await html('?reason=deactivated')).toContain(
      'This account has been deactivated. Contact your administrator.',
    );
    for (const query of ['', '?reason=nonsense']) {
      expect(await html(query)).toContain('The single sign-on did not complete, so you were not signed in.');
    }
  });

  test('what a visitor types and submits before the contact page is hydrated is kept and sent', async ({
    page,
  }) => {
    // The page hydrates once the session lookup answers: holding that answer keeps the pre-rendered form
    // un-hydrated while the visitor types and presses Send.
    const release = await holdSessionLookup(page);
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Early Visitor');
    await page.getByLabel('Email').fill(`early.${uniqueSuffix()}@example.com`);
    await page.getByLabel('Subject').fill('Typed before the app ran');
    await page.getByLabel('Message').fill('This message was typed and sent before hydration.');
    await page.getByRole('button', { name: 'Send message' }).click();
    // No native submission: the page stayed put with the values.
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel('Name')).toHaveValue('Early Visitor');
    release();

    await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Message sent!' })).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue('');
  });

  test('a sign-in typed and sent with Enter before the sign-in page is hydrated is kept and made', async ({
    page,
  }) => {
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/login') sent.push(request.postDataJSON());
    });
    const release = await holdSessionLookup(page);
    await page.goto('/auth');
    const email = `early.${uniqueSuffix()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Remember me').check();
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    // No native submission: the page stayed put with the values.
    await expect(page).toHaveURL(/\/auth$/);
    expect(sent).toEqual([]);
    release();

    await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Login failed' })).toBeVisible();
    expect(sent).toEqual([{ username: email, password: 'not-the-password', rememberMe: true }]);
  });

  test('Demo Login clicked before the sign-in page is hydrated signs in once it is live', async ({
    page,
  }) => {
    const release = await holdSessionLookup(page);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Demo Login' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    release();

    await expect(
      page.locator('.ant-notification-notice').filter({ hasText: 'Login successful' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('Sign up and Continue with SSO tapped before the sign-in page is hydrated take effect once it is live, keeping what was typed meanwhile', async ({
    page,
  }) => {
    const release = await holdSessionLookup(page);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await expect(page.getByLabel('Work email')).toHaveCount(0);
    release();
    await expect(page.getByLabel('Work email')).toBeFocused();

    const again = await holdSessionLookup(page);
    await page.reload();
    await page.getByRole('button', { name: 'Sign up' }).click();
    // Nothing answered the tap yet, so the visitor types into the form still shown; the sign-up form keeps it.
    const email = `early.${uniqueSuffix()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('typed-early');
    again();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();
    await expect(page.getByLabel('Confirm password')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('typed-early');
    // And back: what the sign-up form holds goes on into sign-in's.
    await page.getByLabel('Email').fill(`back.${email}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveValue(`back.${email}`);
  });

  test('/auth?mode=sign-up opens the sign-up form over the pre-rendered sign-in page, without errors', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/auth?mode=sign-up');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('Confirm password')).toBeVisible();
    await expect(page).toHaveTitle('Create your account | Venture Roadmap');
    expect(errors).toEqual([]);
  });

  test('a tap on the mobile menu toggle before the page is hydrated opens the menu once it is live', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const release = await holdSessionLookup(page);
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeHidden();
    release();

    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });

  test('a tap on Learn more before the page is hydrated still scrolls to the features', async ({ page }) => {
    const release = await holdSessionLookup(page);
    await page.goto('/');
    const features = page.getByRole('heading', { name: 'Everything you need to go from idea to launch' });
    await expect(features).not.toBeInViewport();
    await page.getByRole('button', { name: 'Learn more' }).click();
    await expect(features).toBeInViewport();
    release();
  });

  test('values typed before hydration stay in the form once it is live', async ({ page }) => {
    const release = await holdSessionLookup(page);
    await page.goto('/contact');
    await page.getByLabel('Name').fill('A');
    release();
    await page.waitForResponse('**/api/session');
    // Live: the form checks its fields and keeps the early value.
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('A');
  });

  test('a signed-in user opening / gets the home redirect, not the visitor landing page', async ({
    page,
  }) => {
    const email = `prerender.${uniqueSuffix()}@example.com`;
    const registered = await page.request.post('/api/register', {
      data: { username: email, password: PASSWORD },
      headers: CSRF,
    });
    expect(registered.ok()).toBe(true);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // While the session loads, a spinner: never the visitor's landing page (the gateway sends the shell).
    const release = await holdSessionLookup(page);
    await page.goto('/');
    await expect(page.getByRole('status')).toHaveText('Loading');
    await expect(page.locator('#hero-heading')).toHaveCount(0);
    release();
    // A founder without ventures is sent to venture creation.
    await expect(page).toHaveURL(/\/ventures\/new$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    // The visitor's header navigation is gone with the visitor's page.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
