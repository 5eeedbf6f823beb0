import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens the antd Select `select`, picks the option matching `label` in its visible list (the ARIA one is
 * hidden) and waits until `picked` shows (what the pick leads to: a toast, or the value in the field). On a
 * loaded machine a click can land while the list is still sliding open and hit nothing, or close the list
 * without a pick (a CI run lost a role change that way); so open and pick again until `picked` shows. With
 * `search`, the text is typed each time the list is opened.
 */
export async function pickOption(
  page: Page,
  select: Locator,
  label: RegExp | string,
  picked: Locator,
  { search }: { search?: string } = {},
) {
  const openList = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if (await picked.isVisible()) return;
    if ((await openList.count()) === 0) {
      await select.click({ timeout: 2000 });
      // A searchable select lists only what matches the typed text (its long lists are virtual).
      if (search) await page.keyboard.type(search);
    }
    await openList.locator('.ant-select-item-option').filter({ hasText: label }).click({ timeout: 2000 });
    await expect(picked).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
}

/** The antd Select whose input is `select`, while it shows `text` as its value. */
export function shownValue(select: Locator, text: string): Locator {
  return select
    .locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]')
    .filter({ hasText: text });
}
