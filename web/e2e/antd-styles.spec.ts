import { expect as baseExpect, test, type Page } from '@playwright/test';

// Issue 22: antd's rules for the app's components come from the build (web/build/antd-styles.ts); antd
// writes in the browser only the CSS variables of the theme in use. These flows render the components of
// the app's main screens; a component antd has to style itself here is missing from the build's list, or
// the build's keys no longer match antd's (an antd upgrade), and pages pay for its rules at load again.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const PASSWORD = 'launch-day-42';

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The beginnings of the `<style>` elements with rules antd computed in this page. Its elements that declare
 * the theme's CSS variables (`.css-var-…`) are expected: those are the theme actually in use.
 */
function rulesAntdComputed(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('style[data-css-hash]')]
      .map((style) => style.textContent ?? '')
      // antd also keeps an empty element for a component without rules of its own (a popover's tooltip).
      .filter((text) => text !== '' && !/^\.css-var-[\w-]+(\.[\w-]+)*\{--/.test(text))
      .map((text) => text.slice(0, 80)),
  );
}

async function expectBuildStylesInUse(page: Page) {
  await expect(page.locator('style[data-antd-component-styles]')).toHaveCount(1);
  expect(await rulesAntdComputed(page)).toEqual([]);
}

test('a visitor who moves from the landing page to sign-in loads no antd: the sign-in page is plain markup', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/');
  await page.locator('#pricing').getByRole('link', { name: 'Start for free' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(signIn).toBeVisible();
  // The platform's primary colour (src/app/theme.ts), from the plain page's own stylesheet.
  await expect(signIn).toHaveCSS('background-color', 'rgb(37, 99, 235)');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByLabel('Confirm password')).toBeVisible();
  expect(requested.filter((path) => /\/assets\/antd-/.test(path))).toEqual([]);
  await expect(page.locator('style[data-css-hash]')).toHaveCount(0);
});

test('a founder signing up, creating a venture and working a task gets antd rules from the build', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('styles'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill('not-the-same');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('.ant-notification-notice')).toContainText("Passwords don't match");
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/ventures\/new$/);
  await page.getByLabel('Venture Name').fill('Style Check Co');
  await page.getByRole('button', { name: 'Create My Roadmap' }).click();
  await expect(page).toHaveURL(/\/ventures\/[0-9a-f]{24}$/);
  await expect(page.getByTestId('task-card')).toHaveCount(50);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');

  const first = page.getByTestId('task-card').first();
  const title = (await first.getByRole('heading').textContent()) ?? '';
  await first.getByRole('button', { name: `Guide: ${title}` }).click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await page.keyboard.press('Escape');
  await first.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByTestId('task-drawer')).toBeVisible();
  await expectBuildStylesInUse(page);
});
