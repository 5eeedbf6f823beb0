const usShortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric' });

/** Spec §2 "Account": dates in US short form, e.g. 3/7/2026; '' when the value is not a date. */
export function formatUsShortDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : usShortDate.format(date);
}
