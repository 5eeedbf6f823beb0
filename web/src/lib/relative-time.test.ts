import { formatDateTime, formatRelativeTime } from './relative-time';

describe('relative times of activity and comments', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);

  it('when something happened less than a minute ago (or a moment ahead), then it reads just now', () => {
    expect(formatRelativeTime(new Date(now - 20_000), now)).toBe('just now');
    expect(formatRelativeTime(new Date(now + 5_000), now)).toBe('just now');
  });

  it('when it happened minutes, hours or days ago, then it says how long ago', () => {
    expect(formatRelativeTime(new Date(now - 5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date(now - 60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(new Date(now - 3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(new Date(now - 26 * 3_600_000), now)).toBe('yesterday');
    expect(formatRelativeTime(new Date(now - 3 * 86_400_000), now)).toBe('3 days ago');
    expect(formatRelativeTime(new Date(now - 14 * 86_400_000), now)).toBe('2 weeks ago');
  });

  it('when it happened more than four weeks ago, then the date is shown', () => {
    expect(formatRelativeTime('2026-03-07T12:00:00.000Z', now)).toBe('Mar 7, 2026');
  });

  it('when the value is not a date, then nothing is shown', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
