import {
  addDays,
  daysBetween,
  dueLabel,
  type CalendarDate,
  type DueTone,
  type VentureTask,
} from '@app/contracts';
import { currentLocale, translate } from '../../i18n/i18n';
import { dueLabelText } from './plan-messages';
import { TASK_STATUS_TEXTS } from './task-status';

/*
 * The roadmap's timeline (issue 17): months across, one day per grid column. Pure geometry, so the page only
 * draws what these functions compute. Dates are calendar dates ('YYYY-MM-DD'); "today" is the venture's.
 */

/** The fewest months the timeline shows, so a plan of a few days still reads as a plan. */
export const TIMELINE_MIN_MONTHS = 3;

export interface TimelineMonth {
  /** 'YYYY-MM'. */
  key: string;
  /** 'Nov 2026'. */
  label: string;
  /** 1-based grid column of its first day. */
  column: number;
  /** Its days inside the range (every month is whole: the range starts on a 1st and ends on a last day). */
  days: number;
}

export interface TimelineRange {
  /** The first day shown (always a 1st of a month). */
  start: CalendarDate;
  /** The last day shown (always the last day of a month). */
  end: CalendarDate;
  /** Day columns from `start` to `end`, both included. */
  days: number;
  months: TimelineMonth[];
}

function firstOfMonth(date: CalendarDate): CalendarDate {
  return `${date.slice(0, 7)}-01`;
}

/** The 1st of the month `months` after `date`'s month. */
function addMonths(date: CalendarDate, months: number): CalendarDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const first = new Date(Date.UTC(year + Math.floor(month / 12), ((month % 12) + 12) % 12, 1));
  return first.toISOString().slice(0, 10);
}

/** The dates a task occupies on the timeline, or null when it has none. */
export function taskSpan(task: Pick<VentureTask, 'startDate' | 'dueDate'>): {
  from: CalendarDate;
  to: CalendarDate;
} | null {
  const from = task.startDate ?? task.dueDate;
  const to = task.dueDate ?? task.startDate;
  if (!from || !to) return null;
  return from <= to ? { from, to } : { from: to, to: from };
}

/**
 * The months the timeline shows: from the month of the earliest start or due date (or of today, when that is
 * earlier, so today's line is always on it) to the month of the latest date, the target launch date or today,
 * whichever is latest; at least `TIMELINE_MIN_MONTHS` months.
 */
export function timelineRange(
  tasks: readonly Pick<VentureTask, 'startDate' | 'dueDate'>[],
  today: CalendarDate,
  targetLaunchDate: CalendarDate | null,
  /** The months' names are in this locale ('Nov 2026'; 'nov 2026' in Spanish). */
  locale: string = currentLocale(),
): TimelineRange {
  let earliest = today;
  let latest = targetLaunchDate && targetLaunchDate > today ? targetLaunchDate : today;
  for (const task of tasks) {
    const span = taskSpan(task);
    if (!span) continue;
    if (span.from < earliest) earliest = span.from;
    if (span.to > latest) latest = span.to;
  }
  if (targetLaunchDate && targetLaunchDate < earliest) earliest = targetLaunchDate;
  const start = firstOfMonth(earliest);
  let endExclusive = addMonths(latest, 1);
  const minimumEnd = addMonths(start, TIMELINE_MIN_MONTHS);
  if (endExclusive < minimumEnd) endExclusive = minimumEnd;
  const end = addDays(endExclusive, -1);

  const monthLabel = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const months: TimelineMonth[] = [];
  for (let first = start; first < endExclusive; first = addMonths(first, 1)) {
    const next = addMonths(first, 1);
    months.push({
      key: first.slice(0, 7),
      label: monthLabel.format(new Date(`${first}T00:00:00Z`)),
      column: daysBetween(start, first) + 1,
      days: daysBetween(first, next),
    });
  }
  return { start, end, days: daysBetween(start, end) + 1, months };
}

/** The 1-based grid column of `date` on `range`. */
export function dayColumn(range: Pick<TimelineRange, 'start'>, date: CalendarDate): number {
  return daysBetween(range.start, date) + 1;
}

export interface TimelineBar {
  /** 1-based grid column of its first day. */
  column: number;
  /** Days it covers (a task with one date: 1). */
  span: number;
}

/** Where a task's bar sits on `range`; null for an undated task. */
export function barGeometry(
  range: Pick<TimelineRange, 'start'>,
  task: Pick<VentureTask, 'startDate' | 'dueDate'>,
): TimelineBar | null {
  const span = taskSpan(task);
  if (!span) return null;
  return { column: dayColumn(range, span.from), span: daysBetween(span.from, span.to) + 1 };
}

/** How a bar looks: overdue (red, striped, an icon), done (muted, a check), or as its due label says. */
export type BarTone = DueTone | 'done' | 'undated';

export function barTone(task: Pick<VentureTask, 'status' | 'dueDate'>, today: CalendarDate): BarTone {
  if (task.status === 'done') return 'done';
  return dueLabel(task, today)?.tone ?? 'undated';
}

/**
 * What a bar says to a screen reader and in its tooltip: "Incorporate, due 2026-12-01, In progress, overdue by
 * 2 days"; with a start date "…, from 2026-11-20 to 2026-12-01, …"; a task with only a start date "…, starts
 * 2026-11-20, …".
 */
export function barLabel(
  task: Pick<VentureTask, 'title' | 'status' | 'startDate' | 'dueDate'>,
  today: CalendarDate,
) {
  const parts = [task.title];
  if (task.startDate && task.dueDate) {
    parts.push(translate('from {start} to {due}', { start: task.startDate, due: task.dueDate }));
  } else if (task.dueDate) parts.push(translate('due {due}', { due: task.dueDate }));
  else if (task.startDate) parts.push(translate('starts {start}', { start: task.startDate }));
  parts.push(translate(TASK_STATUS_TEXTS[task.status]));
  const label = dueLabel(task, today);
  if (label) {
    const text = dueLabelText(label);
    parts.push(text.charAt(0).toLowerCase() + text.slice(1));
  }
  return parts.join(', ');
}
