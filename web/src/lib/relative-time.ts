const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * When something happened, as a person says it: 'just now', '5 minutes ago', 'yesterday', '3 days ago';
 * past four weeks, the date itself ('Mar 7, 2026'). '' when the value is not a date. `now` is for tests.
 */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = now - time;
  // A clock slightly ahead of this one is still "just now".
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return relative.format(-Math.floor(elapsed / DAY), 'day');
  if (elapsed < 4 * WEEK) return relative.format(-Math.floor(elapsed / WEEK), 'week');
  return absolute.format(time).replace(/,? \d{1,2}:\d{2}\s?[AP]M$/, '');
}

/** The full date and time, for a `title` or `dateTime` beside a relative time. */
export function formatDateTime(value: string | number | Date): string {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(time) ? '' : absolute.format(time);
}
