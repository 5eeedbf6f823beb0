import { reminderDue, todayIn, type CalendarDate } from '@app/contracts';
import { nextReminderOn } from './reminder-schedule.ts';
import {
  toEventPerson,
  ventureEvent,
  type Caller,
  type ReminderCandidate,
  type VentureContext,
} from './venture.ts';
import { spanishTitleOf } from '../content/task-guides.ts';

/** The zone furthest ahead (UTC+14): no venture's "today" is later than the date there. */
const FURTHEST_AHEAD = 'Etc/GMT-14';

/** Ventures read per batch of the scan: 10,000 ventures never load at once. */
export const REMINDER_SCAN_BATCH = 200;

export interface ReminderTick {
  /** Ventures the scan read (those with a task whose reminder day has come somewhere on earth). */
  ventures: number;
  /** Reminders this call put in an outbox (another replica's are not counted). */
  sent: number;
  /** Tasks whose next reminder day was only moved on. */
  rescheduled: number;
}

/**
 * One tick of the reminder scheduler (issue 17). Reads, through the `tasks.nextReminderOn` index, only the
 * ventures with a task whose next reminder day has come in the zone furthest ahead; per venture, "today" is
 * the date in its own zone. For each such task whose reminder (7 days before, the day before, overdue) is
 * due and not sent for its current due date, ONE conditional write marks it sent, stores the next reminder
 * day and puts `task.reminder_due` in the venture's outbox: of two replicas ticking together, or a tick
 * repeated after a restart, only one write matches. A task with nothing due only gets its next day stored.
 *
 * The reminder goes to the assignee, else to the venture's first owner.
 */
export async function sendDueReminders(
  ctx: VentureContext,
  caller: Caller,
  batchSize = REMINDER_SCAN_BATCH,
): Promise<ReminderTick> {
  const now = ctx.clock();
  const tick: ReminderTick = { ventures: 0, sent: 0, rescheduled: 0 };
  for await (const venture of ctx.ventures.reminderCandidates(todayIn(FURTHEST_AHEAD, now), batchSize)) {
    tick.ventures += 1;
    const today = todayIn(venture.timeZone, now);
    for (const task of venture.tasks) {
      if (task.nextReminderOn === null || task.nextReminderOn > today || task.dueDate === null) continue;
      const outcome = await remindTask(ctx, caller, venture, task, task.dueDate, today);
      if (outcome === 'sent') tick.sent += 1;
      if (outcome === 'rescheduled') tick.rescheduled += 1;
    }
  }
  return tick;
}

async function remindTask(
  ctx: VentureContext,
  caller: Caller,
  venture: ReminderCandidate,
  task: ReminderCandidate['tasks'][number],
  dueDate: CalendarDate,
  today: CalendarDate,
): Promise<'sent' | 'rescheduled' | 'unchanged'> {
  const due = task.status === 'done' ? null : reminderDue(dueDate, today);
  const kind = due !== null && task.remindedFor[due] !== dueDate ? due : null;
  const remindedFor = kind ? { ...task.remindedFor, [kind]: dueDate } : task.remindedFor;
  const next = nextReminderOn({ dueDate, status: task.status, remindedFor }, today);
  if (kind === null) {
    if (next === task.nextReminderOn) return 'unchanged';
    const stored = await ctx.ventures.markReminder(
      { ventureId: venture.id, taskId: task.id, dueDate, kind: null, nextReminderOn: next },
      [],
    );
    return stored ? 'rescheduled' : 'unchanged';
  }
  const recipient =
    (task.assigneeId ? venture.members.find((m) => m.userId === task.assigneeId) : undefined) ??
    venture.members.find((m) => m.role === 'owner');
  // A venture always has an owner; without one there is nobody to write to, and nothing is marked.
  if (!recipient) return 'unchanged';
  const event = ventureEvent(ctx, caller, 'task.reminder_due', {
    ventureId: venture.id,
    ventureName: venture.name,
    taskId: task.id,
    taskTitle: task.title,
    ...spanishTitleOf(task),
    kind,
    dueDate,
    timeZone: venture.timeZone,
    recipient: toEventPerson(recipient),
  });
  const sent = await ctx.ventures.markReminder(
    { ventureId: venture.id, taskId: task.id, dueDate, kind, nextReminderOn: next },
    [event],
  );
  return sent ? 'sent' : 'unchanged';
}
