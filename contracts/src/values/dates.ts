/*
 * Plans with dates (issue 17): calendar dates, "today" in a venture's time zone, the due-date labels of the
 * roadmap cards and the reminders' schedule. Zod-free: the web bundle uses it on every roadmap page, the
 * venture service's scheduler with a test clock.
 *
 * A calendar date is 'YYYY-MM-DD' with no time and no zone: a task is due ON a day, wherever its members are.
 * Which day is "today" depends on the venture's time zone (an IANA name such as 'Europe/Berlin').
 */

/** 'YYYY-MM-DD'. */
export type CalendarDate = string;

/** The zone of a venture created without one (and of ventures created before issue 17). */
export const DEFAULT_TIME_ZONE = 'UTC';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written 'YYYY-MM-DD' (so '2026-02-30' is not). */
export function isCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== 'string') return false;
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date it is at `now` in `timeZone`. */
export function todayIn(timeZone: string, now: Date): CalendarDate {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function utcDay(date: CalendarDate): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return utcDay(to) - utcDay(from);
}

/** `date` moved by `days` (negative: earlier). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date((utcDay(date) + days) * 86_400_000).toISOString().slice(0, 10);
}

/** How a card's due-date label looks: overdue in red with a pattern, due within 7 days in amber. */
export type DueTone = 'overdue' | 'soon' | 'later';

export interface DueLabel {
  /** "Due today", "Due tomorrow", "Due in 3 days", "Overdue by 1 day", "Overdue by 2 days". */
  text: string;
  tone: DueTone;
  /** Days until the due date (negative when overdue). */
  days: number;
}

/** The label of a task's due date on `today`; null when it has none or is done (a done task is never overdue). */
export function dueLabel(
  task: { dueDate: CalendarDate | null; status: string },
  today: CalendarDate,
): DueLabel | null {
  if (!task.dueDate || task.status === 'done') return null;
  const days = daysBetween(today, task.dueDate);
  if (days < 0) {
    const late = -days;
    return { text: `Overdue by ${late} ${late === 1 ? 'day' : 'days'}`, tone: 'overdue', days };
  }
  if (days === 0) return { text: 'Due today', tone: 'soon', days };
  if (days === 1) return { text: 'Due tomorrow', tone: 'soon', days };
  return { text: `Due in ${days} days`, tone: days <= 7 ? 'soon' : 'later', days };
}

// ---- Reminders ---------------------------------------------------------------------------------------------

/**
 * The reminder e-mails of a due date, each sent at most once per task and due date: seven days before, the
 * day before, and the day after it passed (when the task is still not done).
 */
export const REMINDER_KINDS = ['due_in_7_days', 'due_tomorrow', 'overdue'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The e-mail subjects' words for each reminder. */
export const REMINDER_LABELS: Readonly<Record<ReminderKind, string>> = {
  due_in_7_days: 'Due in 7 days',
  due_tomorrow: 'Due tomorrow',
  overdue: 'Overdue',
};

/** Days from the due date to the day each reminder becomes due (-7: a week before). */
export const REMINDER_OFFSETS: Readonly<Record<ReminderKind, number>> = {
  due_in_7_days: -7,
  due_tomorrow: -1,
  overdue: 1,
};

/**
 * The reminder due on `today` for a due date, or null: `due_in_7_days` exactly seven days before,
 * `due_tomorrow` the day before, `overdue` on any day after it (once: the task remembers what it was sent for
 * which due date). A due date set less than seven days ahead skips the 7-day reminder; one set for tomorrow
 * gets `due_tomorrow` on the scheduler's next tick.
 */
export function reminderDue(dueDate: CalendarDate, today: CalendarDate): ReminderKind | null {
  const days = daysBetween(today, dueDate);
  if (days < 0) return 'overdue';
  if (days === 1) return 'due_tomorrow';
  if (days === 7) return 'due_in_7_days';
  return null;
}
