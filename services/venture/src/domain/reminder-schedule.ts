import {
  addDays,
  REMINDER_KINDS,
  REMINDER_OFFSETS,
  type CalendarDate,
  type ReminderKind,
  type TaskStatus,
} from '@app/contracts';

/** What the reminder schedule needs of a task. */
export interface ReminderState {
  dueDate: CalendarDate | null;
  status: TaskStatus;
  /** Reminder kind → the due date it was sent for. */
  remindedFor: Partial<Record<ReminderKind, CalendarDate>>;
}

/**
 * The first day, on or after `today` (in the venture's zone), on which a reminder of the task's current due
 * date is due and not sent yet; null when none is left (no due date, done, or all sent or past). Stored as
 * `tasks.nextReminderOn` and indexed, so the scheduler's scan reads only tasks that may need a reminder.
 *
 * Every write that changes a due date or a status stores it again; the scheduler stores it after each look.
 */
export function nextReminderOn(task: ReminderState, today: CalendarDate): CalendarDate | null {
  if (!task.dueDate || task.status === 'done') return null;
  let next: CalendarDate | null = null;
  for (const kind of REMINDER_KINDS) {
    if (task.remindedFor[kind] === task.dueDate) continue;
    const day = addDays(task.dueDate, REMINDER_OFFSETS[kind]);
    // `overdue` stays due on every later day until sent; the others only on their own day.
    const candidate = kind === 'overdue' ? (day < today ? today : day) : day;
    if (candidate < today) continue;
    if (next === null || candidate < next) next = candidate;
  }
  return next;
}
