import { currentLocale, translate } from '../i18n/i18n';

interface Formats {
  relative: Intl.RelativeTimeFormat;
  absolute: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
}

const formatsByLocale = new Map<string, Formats>();

/** The formatters of the active language (issue 21), made once per locale. */
function formats(): Formats {
  const locale = currentLocale();
  let found = formatsByLocale.get(locale);
  if (!found) {
    found = {
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
      absolute: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
    };
    formatsByLocale.set(locale, found);
  }
  return found;
}

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
  if (elapsed < MINUTE) return translate('just now');
  const { relative, date } = formats();
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return relative.format(-Math.floor(elapsed / DAY), 'day');
  if (elapsed < 4 * WEEK) return relative.format(-Math.floor(elapsed / WEEK), 'week');
  return date.format(time);
}

/** The full date and time, for a `title` or `dateTime` beside a relative time. */
export function formatDateTime(value: string | number | Date): string {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(time) ? '' : formats().absolute.format(time);
}
