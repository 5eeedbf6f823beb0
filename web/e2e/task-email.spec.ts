import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// The runner of playwright.config.ts has no SMTP_URL: the mailer writes every e-mail to DATA_DIR/mail.
const mailDir = path.join(process.env.E2E_DATA_DIR!, 'mail');
test.describe.configure({ timeout: 90_000 });

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The `.eml` files of one kind addressed to `to`, decoded enough to search (quoted-printable soft breaks). */
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

async function openNewRoadmap(page: Page, email: string, name: string): Promise<string> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const registered = await page.request.post('/api/register', {
    headers,
    data: { username: email, password: 'launch-day-42' },
  });
  expect(registered.status()).toBe(201);
  const created = await page.request.post('/api/ventures', { headers, data: { name, blurb: '' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/ventures/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });
  return id;
}

test('a task status change produces its e-mail to the owner within two seconds, once', async ({ page }) => {
  const email = uniqueEmail('mail.owner');
  const ventureId = await openNewRoadmap(page, email, 'Postbox Ventures');

  const first = page.getByTestId('task-card').first();
  const title = (await first.getByRole('heading').first().textContent())?.trim() ?? '';
  await first.getByRole('button', { name: 'Start Task' }).click();
  await expect(
    page.locator('.ant-notification-notice').filter({ hasText: 'Task updated to In Progress' }),
  ).toBeVisible({ timeout: 10_000 });

  await expect.poll(() => mailsTo(email, 'task-status').then((m) => m.length), { timeout: 2000 }).toBe(1);
  const [mail] = await mailsTo(email, 'task-status');
  expect(mail).toMatch(/^Subject: Task updated to In Progress: .*\(Postbox Ventures\)$/m);
  expect(mail).toContain('Task updated to In Progress');
  expect(mail).toContain(`/ventures/${ventureId}`);
  if (title) expect(mail).toContain(title);

  // The welcome e-mail of the registration went to the same address.
  expect(await mailsTo(email, 'welcome')).toHaveLength(1);
});
