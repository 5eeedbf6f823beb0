import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { startTestClock } from './test-clock.ts';

const DAY = 86_400_000;
let dir: string;
let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function clockOn(content: string | null) {
  dir = mkdtempSync(path.join(tmpdir(), 'test-clock-'));
  const file = path.join(dir, 'offset');
  if (content !== null) writeFileSync(file, content);
  const clock = startTestClock(file);
  stop = clock.stop;
  return { file, clock };
}

describe("the runner's test clock (TEST_CLOCK_FILE)", () => {
  it('keeps real time while the file holds 0, is missing or holds no number', async () => {
    for (const content of ['0', null, 'soon']) {
      const { clock } = await clockOn(content);
      expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
      clock.stop();
    }
  });

  it('moves time by the milliseconds written in the file, and follows a new value within a moment', async () => {
    const { file, clock } = await clockOn(String(15 * DAY));
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(15 * DAY - 1000);
    writeFileSync(file, String(30 * DAY));
    const deadline = Date.now() + 2000;
    while (clock.now().getTime() - Date.now() < 29 * DAY && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(30 * DAY - 1000);
  });
});
