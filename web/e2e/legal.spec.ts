import { expect, test } from '@playwright/test';
import { blockingViolations } from './support/axe';

/* Issue 20: real Terms, Privacy and Cookies pages from the footer, and a real 404 for unknown paths. */

test('the footer opens the Terms, Privacy and Cookies pages, each accessible', async ({ page }) => {
  await page.goto('/about');
  for (const [link, heading] of [
    ['Terms', 'Terms of service'],
    ['Privacy', 'Privacy notice'],
    ['Cookies', 'Cookies'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    expect({ link, violations: await blockingViolations(page) }).toEqual({ link, violations: [] });
  }
  // The cookies page says why there is no banner; the privacy notice names what is kept and for how long.
  await expect(page.getByRole('heading', { name: 'Why there is no cookie banner' })).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByRole('table', { name: 'Personal data the platform stores' })).toBeVisible();
});

test('an unknown path answers 404 and still shows the not-found screen; known pages answer 200', async ({
  page,
}) => {
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  for (const path of ['/privacy', '/auth', '/ventures/65f0c0ffee00000000000001']) {
    expect((await page.request.get(path, { headers: { accept: 'text/html' } })).status()).toBe(200);
  }
});
