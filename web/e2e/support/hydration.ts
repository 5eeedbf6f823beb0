import type { Page } from '@playwright/test';

/*
 * Whether a pre-rendered page was hydrated in place: hydration keeps the elements its HTML brought, a fresh
 * render replaces them. Call `rememberPrerenderedHeading` before the page loads, `prerenderedHeadingKept` once
 * it is live.
 */

type WithHeading = { prerenderedHeading: Element | null };

/** Remembers the `<h1>` the page's HTML brings, before any script of the page runs. */
export async function rememberPrerenderedHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as WithHeading).prerenderedHeading = document.querySelector('h1');
    });
  });
}

/** Whether the page still shows the very `<h1>` its HTML brought. */
export function prerenderedHeadingKept(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const remembered = (window as unknown as WithHeading).prerenderedHeading;
    return remembered !== null && remembered === document.querySelector('h1') && remembered.isConnected;
  });
}
