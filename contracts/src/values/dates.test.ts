import { addDays, daysBetween, dueLabel, isCalendarDate, isTimeZone, reminderDue, todayIn } from './dates.ts';

describe('calendar dates', () => {
  it('accepts only real dates written YYYY-MM-DD', () => {
    expect(isCalendarDate('2026-11-25')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isCalendarDate('2026-11-25T00:00:00Z')).toBe(false);
    expect(isCalendarDate(20261125)).toBe(false);
  });

  it('knows IANA zones and nothing else', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('"today" is the date in the venture\'s zone', () => {
    const now = new Date('2026-11-25T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-25');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-11-26');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-25');
  });

  it('counts days across months, years and DST changes', () => {
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-25', '2026-11-20')).toBe(-5);
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('due labels', () => {
  const today = '2026-11-25';
  const label = (dueDate: string | null, status = 'todo') => dueLabel({ dueDate, status }, today)?.text;

  it('reads as a person would say it', () => {
    expect(label('2026-11-25')).toBe('Due today');
    expect(label('2026-11-26')).toBe('Due tomorrow');
    expect(label('2026-11-28')).toBe('Due in 3 days');
    expect(label('2026-11-24')).toBe('Overdue by 1 day');
    expect(label('2026-11-23')).toBe('Overdue by 2 days');
    expect(label(null)).toBeUndefined();
  });

  it('a done task is never overdue', () => {
    expect(label('2026-11-01', 'done')).toBeUndefined();
  });

  it('tones: overdue, soon within a week, later after', () => {
    expect(dueLabel({ dueDate: '2026-11-20', status: 'blocked' }, today)?.tone).toBe('overdue');
    expect(dueLabel({ dueDate: '2026-12-02', status: 'todo' }, today)?.tone).toBe('soon');
    expect(dueLabel({ dueDate: '2026-12-03', status: 'todo' }, today)?.tone).toBe('later');
  });
});

describe('reminders', () => {
  it('seven days before, the day before, and any day after', () => {
    expect(reminderDue('2026-12-02', '2026-11-25')).toBe('due_in_7_days');
    expect(reminderDue('2026-12-01', '2026-11-25')).toBeNull();
    expect(reminderDue('2026-11-26', '2026-11-25')).toBe('due_tomorrow');
    expect(reminderDue('2026-11-25', '2026-11-25')).toBeNull();
    expect(reminderDue('2026-11-24', '2026-11-25')).toBe('overdue');
    expect(reminderDue('2026-10-01', '2026-11-25')).toBe('overdue');
  });
});
