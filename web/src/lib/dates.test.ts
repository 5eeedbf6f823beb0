import { formatUsShortDate } from './dates';

describe('dates in US short form (spec §2 "Account")', () => {
  it('when a date is shown, then it reads month/day/year', () => {
    expect(formatUsShortDate(new Date(2026, 2, 7, 12))).toBe('3/7/2026');
  });

  it('when the value is missing or not a date, then nothing is shown', () => {
    expect(formatUsShortDate(undefined)).toBe('');
    expect(formatUsShortDate('not a date')).toBe('');
  });
});
