import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Until no finite CSS transition or animation runs (2 s at most): axe reads colours as they are, and a button
 * fading back from its hover or pressed colour fails contrast halfway (a CI run caught antd's primary button
 * so). Endless animations (spinners) are not waited for.
 */
async function settled(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 2000, polling: 50 },
    )
    .catch(() => undefined);
}

/**
 * The serious and critical WCAG 2.1 A/AA violations on the page as it is now (or, with `include`, inside the
 * elements that selector names): none may remain.
 */
export async function blockingViolations(page: Page, { include }: { include?: string } = {}) {
  await settled(page);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
