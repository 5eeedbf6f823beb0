import type { VentureTask } from '@app/contracts';
import { barGeometry, barLabel, barTone, dayColumn, taskSpan, timelineRange } from './timeline';

type Dated = Pick<VentureTask, 'startDate' | 'dueDate'>;
const dated = (startDate: string | null, dueDate: string | null): Dated => ({ startDate, dueDate });

describe('timeline range', () => {
  it('when no task has a date, then it shows three whole months from the month of today', () => {
    const range = timelineRange([dated(null, null)], '2026-11-25', null);
    expect(range.start).toBe('2026-11-01');
    expect(range.end).toBe('2027-01-31');
    expect(range.days).toBe(30 + 31 + 31);
    expect(range.months.map((month) => [month.label, month.column, month.days])).toEqual([
      ['Nov 2026', 1, 30],
      ['Dec 2026', 31, 31],
      ['Jan 2027', 62, 31],
    ]);
  });

  it('when dates reach back before today and past three months, then it runs from the earliest to the latest month', () => {
    const range = timelineRange(
      [dated('2026-09-15', '2026-10-02'), dated(null, '2027-04-10')],
      '2026-11-25',
      null,
    );
    expect(range.start).toBe('2026-09-01');
    expect(range.end).toBe('2027-04-30');
    expect(range.months.map((month) => month.key)).toEqual([
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
    ]);
  });

  it('when the target launch date is later than every task, then the range reaches its month', () => {
    const range = timelineRange([dated(null, '2026-12-01')], '2026-11-25', '2027-06-30');
    expect(range.end).toBe('2027-06-30');
  });

  it('counts February of a leap year with 29 days', () => {
    const range = timelineRange([], '2028-02-10', null);
    expect(range.months[0]).toMatchObject({ key: '2028-02', days: 29, column: 1 });
    expect(range.months[1]).toMatchObject({ key: '2028-03', column: 30 });
  });
});

describe('timeline bars', () => {
  const range = { start: '2026-11-01' };

  it('when a task has a start and a due date, then its bar starts on the start column and spans both days', () => {
    expect(barGeometry(range, dated('2026-11-03', '2026-11-05'))).toEqual({ column: 3, span: 3 });
  });

  it('when a task has only a due date, then its bar is one day in the due column', () => {
    expect(barGeometry(range, dated(null, '2026-11-26'))).toEqual({ column: 26, span: 1 });
    expect(dayColumn(range, '2026-12-01')).toBe(31);
  });

  it('when a task has only a start date, then its bar is one day at the start', () => {
    expect(taskSpan(dated('2026-11-10', null))).toEqual({ from: '2026-11-10', to: '2026-11-10' });
  });

  it('when a task has no date, then it has no bar', () => {
    expect(barGeometry(range, dated(null, null))).toBeNull();
  });
});

describe('timeline bar look and label', () => {
  const base = { title: 'Incorporate', startDate: null, dueDate: '2026-11-23' } as const;

  it('an open task past its due date is overdue, and says so', () => {
    expect(barTone({ ...base, status: 'in_progress' }, '2026-11-25')).toBe('overdue');
    expect(barLabel({ ...base, status: 'in_progress' }, '2026-11-25')).toBe(
      'Incorporate, due 2026-11-23, In Progress, overdue by 2 days',
    );
  });

  it('a done task is never overdue', () => {
    expect(barTone({ ...base, status: 'done' }, '2026-11-25')).toBe('done');
    expect(barLabel({ ...base, status: 'done' }, '2026-11-25')).toBe('Incorporate, due 2026-11-23, Done');
  });

  it('a task with both dates names the range, and one due tomorrow says so', () => {
    expect(
      barLabel({ ...base, status: 'todo', startDate: '2026-11-20', dueDate: '2026-11-26' }, '2026-11-25'),
    ).toBe('Incorporate, from 2026-11-20 to 2026-11-26, To Do, due tomorrow');
    expect(barTone({ ...base, status: 'todo', dueDate: '2026-12-20' }, '2026-11-25')).toBe('later');
  });
});
