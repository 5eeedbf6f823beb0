import { currentLocale } from '../i18n/i18n';

const shortDates = new Map<string, Intl.DateTimeFormat>();

/**
 * Spec §2 "Account": dates in US short form, e.g. 3/7/2026; '' when the value is not a date. In Spanish, the
 * Spanish short form (7/3/2026), issue 21.
 */
export function formatUsShortDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = currentLocale();
  let format = shortDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'numeric', day: 'numeric' });
    shortDates.set(locale, format);
  }
  return format.format(date);
}

/**
 * The browser's IANA time zone (issue 17: a new venture takes it), or 'UTC' when the browser names none the
 * server would accept.
 */
export function browserTimeZone(resolved: () => string | undefined = defaultZone): string {
  const zone = resolved();
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

function defaultZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Every time zone the browser knows, for the venture's time zone picker (with 'UTC' first). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...names.filter((name) => name !== 'UTC')];
}
