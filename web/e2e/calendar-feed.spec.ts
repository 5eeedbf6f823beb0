import { expect, request, test, type Page } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { blockingViolations } from './support/axe';

/*
 * Issue 17: the calendar feed from the account page. The URL copied from the card is fetched without a
 * session and parses with an ICS parser into one VEVENT per dated task, DTSTART;VALUE=DATE the due date and
 * SUMMARY the title; after Regenerate the old URL answers 404; Revoke ends the new one. axe checks the card.
 */

const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };

test.beforeEach(() => {
  test.slow();
});

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function signUpWithDatedTasks(page: Page) {
  const email = `feed.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await page.request.post('/api/register', {
    data: { username: email, password: 'launch-day-42' },
    headers: CSRF,
  });
  expect(registered.ok()).toBe(true);
  const created = await page.request.post('/api/ventures', {
    data: { name: 'Calendar Co', timeZone: 'UTC' },
    headers: CSRF,
  });
  expect(created.status()).toBe(201);
  const venture = (await created.json()) as { tasks: Array<{ id: string; title: string }> };
  const today = new Date().toISOString().slice(0, 10);
  const dated: Array<{ id: string; title: string; dueDate: string }> = [];
  for (const [index, offset] of [
    [0, 1],
    [4, 12],
  ] as const) {
    const task = venture.tasks[index]!;
    const dueDate = addDays(today, offset);
    const res = await page.request.put(`/api/venture-tasks/${task.id}/dates`, {
      data: { startDate: null, dueDate },
      headers: CSRF,
    });
    expect(res.status()).toBe(200);
    dated.push({ id: task.id, title: task.title, dueDate });
  }
  return dated;
}

/** A cookie-less client, as a calendar app. */
async function fetchAnonymously(url: string) {
  const anonymous = await request.newContext();
  try {
    const res = await anonymous.get(url);
    return { status: res.status(), text: await res.text() };
  } finally {
    await anonymous.dispose();
  }
}

test('the calendar feed URL copied from the account page parses into the dated tasks; regenerate and revoke end old URLs', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const dated = await signUpWithDatedTasks(page);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Calendar feed' });
  await expect(card.getByRole('button', { name: 'Create feed URL' })).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Create feed URL' }).click();

  const input = card.getByLabel('Your calendar feed URL');
  await expect(input).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\/tasks\.ics$/);
  await expect(card).toContainText('Anyone with this link can see your dated tasks.');
  await card.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await input.inputValue());

  const feed = await fetchAnonymously(copied);
  expect(feed.status).toBe(200);
  const events = Object.values(ical.sync.parseICS(feed.text)).filter(
    (c): c is VEvent => (c as { type?: string } | undefined)?.type === 'VEVENT',
  );
  expect(events.map((e) => e.summary).sort()).toEqual(dated.map((t) => t.title).sort());
  for (const task of dated)
    expect(feed.text).toContain(`DTSTART;VALUE=DATE:${task.dueDate.replaceAll('-', '')}`);

  // The pointer and focus leave the Copy button (antd's hover colour is a transient state, not the page's).
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(card.getByRole('button', { name: 'Copy' })).not.toBeFocused();
  // …and its colour transition has ended (the theme's default button text).
  await expect(card.getByRole('button', { name: 'Copy' })).toHaveCSS('color', 'rgba(15, 23, 42, 0.88)');
  // axe on the new card, showing its URL (the rest of the account page is older: its own spec's concern).
  expect(
    await blockingViolations(page, { include: 'section[aria-labelledby$="-heading"]:has(.calendar-feed)' }),
  ).toEqual([]);

  await card.getByRole('button', { name: 'Regenerate URL' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Regenerate' }).click();
  await expect(input).not.toHaveValue(copied);
  const fresh = await input.inputValue();
  expect((await fetchAnonymously(copied)).status).toBe(404);
  expect((await fetchAnonymously(fresh)).status).toBe(200);
  await expect(card.getByTestId('calendar-feed-status')).toContainText('Created on');

  await card.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(card.getByRole('button', { name: 'Create feed URL' })).toBeVisible();
  expect((await fetchAnonymously(fresh)).status).toBe(404);
});
