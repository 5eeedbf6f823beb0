import { readFileSync } from 'node:fs';

/**
 * The all-in-one runner's test clock (`TEST_CLOCK_FILE`, refused in production): the services' clock is the
 * system's plus the number of milliseconds written in that file, re-read every 100 ms, so a browser test
 * that started its own runner moves time forward ("15 days later") by writing the file instead of waiting.
 * A missing or unreadable file means no offset. It is the services' clock only: sessions, cookies and the
 * browser keep real time.
 */
export function startTestClock(file: string): { now: () => Date; stop: () => void } {
  let offsetMs = 0;
  const read = () => {
    try {
      const value = Number(readFileSync(file, 'utf8').trim());
      offsetMs = Number.isFinite(value) ? value : 0;
    } catch {
      offsetMs = 0;
    }
  };
  read();
  const timer = setInterval(read, 100);
  timer.unref();
  return { now: () => new Date(Date.now() + offsetMs), stop: () => clearInterval(timer) };
}
