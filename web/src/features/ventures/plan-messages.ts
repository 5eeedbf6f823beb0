/** Texts of the plan screens (issue 17): dates, prerequisites, the timeline and exports. */
import type { DueLabel, OpenPrerequisiteRef, VentureTask } from '@app/contracts';
import { msg, translate } from '../../i18n/i18n';
import { failureText } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';
import { TASK_STATUS_TEXTS } from './task-status';

export function taskDatesSavedToast(task: Pick<VentureTask, 'startDate' | 'dueDate'>): ToastOptions {
  const description = task.dueDate
    ? task.startDate
      ? translate('The task has due {due}, starts {start}.', { due: task.dueDate, start: task.startDate })
      : translate('The task has due {due}.', { due: task.dueDate })
    : task.startDate
      ? translate('The task has no due date, starts {start}.', { start: task.startDate })
      : translate('The task has no due date.');
  return { title: msg('Dates saved'), description };
}

/** The server's message as it comes ("The start date must be on or before the due date"). */
export function taskDatesFailedToast(error: unknown): ToastOptions {
  return {
    title: msg('Could not save the dates'),
    description: failureText(error, msg('Please try again.')),
    duration: TOAST_SECONDS.long,
  };
}

export function prerequisitesSavedToast(count: number): ToastOptions {
  return {
    title: msg('Prerequisites saved'),
    description:
      count === 0
        ? msg('This task has no prerequisites now.')
        : translate('This task has {count, plural, one {# prerequisite} other {# prerequisites}}.', {
            count,
          }),
  };
}

/** The server's message as it comes (a cycle names the tasks on it). */
export function prerequisitesFailedToast(error: unknown): ToastOptions {
  return {
    title: msg('Could not change the prerequisites'),
    description: failureText(error, msg('Please try again.')),
    duration: TOAST_SECONDS.long,
  };
}

/** The warning on a started task whose prerequisites are still open. */
export function openPrerequisitesWarning(titles: readonly string[]): string {
  return translate('This task has open prerequisites: {titles}', { titles: titles.join(', ') });
}

/**
 * A due-date label's words (issue 17), from the contracts' `dueLabel` figures: "Due tomorrow", "Overdue by 2
 * days" (the contracts' own `text` is the English the e-mails use).
 */
export function dueLabelText({ days }: Pick<DueLabel, 'days'>): string {
  if (days < 0) {
    return translate('Overdue by {late, plural, one {# day} other {# days}}', { late: -days });
  }
  if (days === 0) return translate('Due today');
  if (days === 1) return translate('Due tomorrow');
  return translate('Due in {days} days', { days });
}

/** "Waiting on: Incorporate (In Progress), Open a bank account (To Do)": the contracts' `waitingOnText`, translated. */
export function waitingOnMessage(open: readonly Pick<OpenPrerequisiteRef, 'title' | 'status'>[]): string {
  if (open.length === 0) return '';
  const tasks = open.map((task) =>
    translate('{title} ({status})', { title: task.title, status: translate(TASK_STATUS_TEXTS[task.status]) }),
  );
  return translate('Waiting on: {tasks}', { tasks: tasks.join(', ') });
}
