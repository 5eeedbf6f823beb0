const usShortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric' });

/** Spec §2 "Account": dates in US short form, e.g. 3/7/2026; '' when the value is not a date. */
export function formatUsShortDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : usShortDate.format(date);
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
