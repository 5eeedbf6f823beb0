import { expect, test, type Page } from '@playwright/test';
import { demoAccount } from '../src/config/demo';
import { blockingViolations } from './support/axe';

const PASSWORD = 'launch-day-42';

/** A unique, lower-case e-mail per test run, so each test makes its own user. */
function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

async function expectSignedInAs(page: Page, username: string) {
  const trigger = page.getByRole('button', { name: 'Account menu' });
  await expect(trigger).toBeVisible();
  await trigger.click();
  await expect(page.getByRole('menu')).toContainText(username);
}

async function signUp(page: Page, email: string, password: string, confirmation = password) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(confirmation);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a new user signs up, stays signed in after a reload, and signing out leads to /auth', async ({
  page,
}) => {
  const email = uniqueEmail('new.founder');

  await signUp(page, email, PASSWORD);

  await expect(toast(page, 'Registration successful')).toContainText(`Welcome, ${email}!`);
  // Home, whose redirect takes a founder without ventures on to /ventures/new.
  await expect(page).toHaveURL(/\/ventures\/new$/);
  await expectSignedInAs(page, email);

  await page.reload();
  await expectSignedInAs(page, email);

  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page, 'Logged out')).toContainText('You have been logged out successfully.');
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
});

test('when the passwords differ on sign-up, then a toast says so and no account is created', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('mismatch'), PASSWORD, `${PASSWORD}-typo`);

  await expect(toast(page, "Passwords don't match")).toContainText('Please make sure both passwords match');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});

test('Demo Login signs in with the demo account, and /auth then sends the user home', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Demo Login' }).click();

  await expect(toast(page, 'Login successful')).toContainText(`Welcome back, ${demoAccount.username}!`);
  await expectSignedInAs(page, demoAccount.username);

  await page.goto('/auth');
  await expect(page).not.toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('the sign-in page and the roadmap load without a Content-Security-Policy violation', async ({
  page,
}) => {
  // The gateway's CSP allows no eval; zod's one-time `new Function` probe would be reported as a violation
  // (src/lib/strict-csp.ts turns it off).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Demo Login' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/ventures\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);

  // A fresh load of the roadmap, its page's schemas loaded first.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the account menu opens above a toast showing in the same corner, and Sign out works at once', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Demo Login' }).click();
  const welcome = toast(page, 'Login successful');
  await expect(welcome).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  const signOut = page.getByRole('menuitem', { name: 'Sign out' });
  await expect(signOut).toBeVisible();
  await expect(welcome).toBeVisible();
  // Whatever lies at the centre of each menu item is the item itself, not the toast.
  const covered = await page.getByRole('menu').evaluate((menu) =>
    [...menu.querySelectorAll('[role="menuitem"]')]
      .filter((item) => {
        const box = item.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit === null || !item.contains(hit);
      })
      .map((item) => item.textContent),
  );
  expect(covered).toEqual([]);
  await signOut.click({ timeout: 2_000 });
  await expect(page).toHaveURL(/\/auth$/);
});

test('a wrong password shows the Login failed toast and keeps the visitor signed out', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('wrong.password');
  // A separate request context: registering here does not sign the browser in.
  const registered = await request.post('/api/register', {
    data: { username: email, password: PASSWORD },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(registered.ok()).toBe(true);

  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/login') sent.push(request.postDataJSON());
  });
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Remember me').check();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(`${PASSWORD}-wrong`);
  // Enter in the password field signs in; the field keeps the focus while it runs and after it failed.
  await password.press('Enter');

  const failed = toast(page, 'Login failed');
  await expect(failed).toBeVisible();
  await expect(password).toBeFocused();
  expect(sent).toEqual([{ username: email, password: `${PASSWORD}-wrong`, rememberMe: true }]);
  await expect(failed).toContainText(
    'If you\'ve forgotten your password, use the "Forgot your password?" link.',
  );
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});

test('the sign-in and sign-up forms check their fields before any request, keep them across a switch, and a password can be shown', async ({
  page,
}) => {
  const logins: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/login')) logins.push(request.method());
  });
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const email = page.getByLabel('Email');
  await expect(page.locator('#sign-in_username_help')).toHaveText('Please enter your email address');
  await expect(page.locator('#sign-in_password_help')).toHaveText('Please enter your password');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAttribute('aria-describedby', 'sign-in_username_help');
  expect(await blockingViolations(page)).toEqual([]);
  // Once shown, an error follows the value as it changes.
  await email.fill('not-an-address');
  await expect(page.locator('#sign-in_username_help')).toHaveText('Please enter a valid email address');
  await email.fill('ada@example.com');
  await expect(page.locator('#sign-in_username_help')).toHaveCount(0);
  await expect(email).toHaveAttribute('aria-invalid', 'false');

  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret words');
  await expect(page.locator('#sign-in_password_help')).toHaveCount(0);
  await expect(password).toHaveAttribute('type', 'password');
  const reveal = page.getByRole('button', { name: 'Show password' });
  await reveal.click();
  await expect(reveal).toHaveAttribute('aria-pressed', 'true');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue('secret words');
  await reveal.press('Enter');
  await expect(reveal).toHaveAttribute('aria-pressed', 'false');
  await expect(password).toHaveAttribute('type', 'password');
  expect(logins).toEqual([]);

  await page.getByRole('button', { name: 'Sign up' }).click();
  // What was typed goes on into the sign-up form.
  await expect(email).toHaveValue('ada@example.com');
  await expect(password).toHaveValue('secret words');
  await email.fill('');
  await password.fill('abc');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#sign-up_username_help')).toHaveText('Please enter your email address');
  await expect(page.locator('#sign-up_password_help')).toHaveText('Password must be at least 6 characters');
  await expect(page.locator('#sign-up_confirmPassword_help')).toHaveText('Please confirm your password');
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeFocused();
});

test('an unknown path shows the not-found page, kept out of search indexes', async ({ page }) => {
  await page.goto(`/no-such-page-${Date.now()}`);

  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('the visitor mobile menu opens on a narrow screen and closes once the window is 768 px wide', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');

  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  for (const href of ['/#features', '/#pricing', '/enterprise', '/about', '/contact', '/auth']) {
    await expect(menu.locator(`a[href="${href}"]`)).toBeVisible();
  }

  await page.setViewportSize({ width: 768, height: 800 });
  await expect(menu).toBeHidden();
  // Hidden at once by CSS; the app closes the menu when the browser reports the media change (at its next
  // frame), which must happen before the window narrows again. The toggle is hidden on desktop widths.
  await expect(page.locator('button[aria-controls="mobile-menu"]')).toHaveAttribute('aria-expanded', 'false');
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('the landing page leads visitors to sign-up and to its features', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveTitle('Track your venture progress | Venture Roadmap');
  await expect(page.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
    'aria-valuenow',
    '75',
  );
  await page.getByRole('button', { name: 'Learn more' }).click();
  await expect(
    page.getByRole('heading', { name: 'Everything you need to go from idea to launch' }),
  ).toBeInViewport();

  const hero = page.getByRole('region', { name: 'Turn your startup idea into a venture that launches' });
  await hero.getByRole('link', { name: 'Start for free' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
});

test('the account menu works from the keyboard and closes on Escape, Tab or a click outside', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Demo Login' }).click();
  const trigger = page.getByRole('button', { name: 'Account menu' });
  await expect(trigger).toBeVisible();
  // The demo's roadmap, once open, has put the focus on its heading (it would take it from the menu).
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const menu = page.getByRole('menu', { name: 'Account menu' });
  const item = (name: string) => page.getByRole('menuitem', { name });

  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toContainText(demoAccount.username);
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(item('Account settings')).toBeFocused();
  expect(await blockingViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowDown');
  await expect(item('Create new venture')).toBeFocused();
  await page.keyboard.press('End');
  await expect(item('Sign out')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Account settings')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(item('Sign out')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(item('Account settings')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  // ↑ opens it on the last item; Tab closes it.
  await page.keyboard.press('ArrowUp');
  await expect(item('Sign out')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();

  // A click outside closes it; Enter on an item follows it.
  await trigger.click();
  await expect(menu).toBeVisible();
  await page.mouse.click(5, 300);
  await expect(menu).toBeHidden();
  await trigger.click();
  await item('Account settings').press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  await expect(menu).toBeHidden();
});
