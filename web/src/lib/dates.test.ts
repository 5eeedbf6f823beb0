import { browserTimeZone, formatUsShortDate, timeZoneNames } from './dates';

describe('dates in US short form (spec §2 "Account")', () => {
  it('when a date is shown, then it reads month/day/year', () => {
    expect(formatUsShortDate(new Date(2026, 2, 7, 12))).toBe('3/7/2026');
  });

  it('when the value is missing or not a date, then nothing is shown', () => {
    expect(formatUsShortDate(undefined)).toBe('');
    expect(formatUsShortDate('not a date')).toBe('');
  });
});

describe("a new venture's time zone (issue 17)", () => {
  it('when the browser names its zone, then the venture takes it', () => {
    expect(browserTimeZone(() => 'Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('when the browser names no zone or one nobody knows, then UTC', () => {
    expect(browserTimeZone(() => undefined)).toBe('UTC');
    expect(browserTimeZone(() => 'Mars/Olympus_Mons')).toBe('UTC');
  });

  it('offers every known zone once, UTC first', () => {
    const names = timeZoneNames();
    expect(names[0]).toBe('UTC');
    expect(names).toContain('America/New_York');
    expect(new Set(names).size).toBe(names.length);
  });
});
