import { todayIn, type VentureTask } from '@app/contracts';
import { forbidden, taskFor } from './access.ts';
import { nextReminderOn } from './reminder-schedule.ts';
import { memberOf, toTaskView, ventureErrors, type VentureContext } from './venture.ts';

export interface TaskDates {
  startDate: string | null;
  dueDate: string | null;
}

/**
 * Issue 17: an editor or owner sets (or clears) a task's start and due dates (403 for a viewer, 404 for a
 * non-member; the body's rule "start on or before due" is the contract's). One conditional write stores both
 * dates and the task's next reminder day (`nextReminderOn`, "today" in the venture's zone); when the due date
 * moves it also clears what was reminded, so every reminder of the new date goes out once more.
 */
export async function setTaskDates(
  ctx: VentureContext,
  userId: string,
  taskId: string,
  dates: TaskDates,
): Promise<VentureTask> {
  const { venture, task } = await taskFor(ctx, userId, taskId, 'setDates');
  if (task.startDate === dates.startDate && task.dueDate === dates.dueDate) return toTaskView(task);

  const dueDateChanged = task.dueDate !== dates.dueDate;
  const remindedFor = dueDateChanged ? {} : (task.remindedFor ?? {});
  const after = await ctx.ventures.setTaskDates({
    ventureId: venture.id,
    actorId: userId,
    taskId,
    startDate: dates.startDate,
    dueDate: dates.dueDate,
    previousDueDate: task.dueDate,
    dueDateChanged,
    nextReminderOn: nextReminderOn(
      { dueDate: dates.dueDate, status: task.status, remindedFor },
      todayIn(venture.timeZone, ctx.clock()),
    ),
  });
  if (!after) {
    const now = await ctx.ventures.findForMemberByTask(taskId, userId);
    if (!now) throw ventureErrors.taskNotFound();
    if (memberOf(now, userId)?.role === 'viewer') throw forbidden('setDates');
    // Its due date was moved meanwhile.
    throw ventureErrors.statusChanged();
  }
  const updated = after.tasks.find((t) => t.id === taskId) ?? { ...task, ...dates };
  return toTaskView(updated);
}
