/** Texts of the plan screens (issue 17): dates, prerequisites, the timeline and exports. */
import type { VentureTask } from '@app/contracts';
import { failureText } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';

export function taskDatesSavedToast(task: Pick<VentureTask, 'startDate' | 'dueDate'>): ToastOptions {
  const due = task.dueDate ? `due ${task.dueDate}` : 'no due date';
  const start = task.startDate ? `, starts ${task.startDate}` : '';
  return { title: 'Dates saved', description: `The task has ${due}${start}.` };
}

/** The server's message as it comes ("The start date must be on or before the due date"). */
export function taskDatesFailedToast(error: unknown): ToastOptions {
  return {
    title: 'Could not save the dates',
    description: failureText(error, 'Please try again.'),
    duration: TOAST_SECONDS.long,
  };
}

export function prerequisitesSavedToast(count: number): ToastOptions {
  return {
    title: 'Prerequisites saved',
    description:
      count === 0
        ? 'This task has no prerequisites now.'
        : `This task has ${count} prerequisite${count === 1 ? '' : 's'}.`,
  };
}

/** The server's message as it comes (a cycle names the tasks on it). */
export function prerequisitesFailedToast(error: unknown): ToastOptions {
  return {
    title: 'Could not change the prerequisites',
    description: failureText(error, 'Please try again.'),
    duration: TOAST_SECONDS.long,
  };
}

/** The warning on a started task whose prerequisites are still open. */
export function openPrerequisitesWarning(titles: readonly string[]): string {
  return `This task has open prerequisites: ${titles.join(', ')}`;
}
