import { TASK_TRANSITIONS, type TaskStatus } from '@app/contracts';

/*
 * The task status buttons. The statuses, their labels and the transition table (with the button texts)
 * are the contracts' (`TASK_STATUSES`, `TASK_STATUS_LABELS`, `TASK_TRANSITIONS`): the same table the
 * venture service enforces. Only how a button looks is decided here.
 */

export interface TaskAction {
  /** The button text, word for word from the spec's transition table. */
  label: string;
  to: TaskStatus;
  /** The main action of a status (it moves the task forward); the others are secondary. */
  primary: boolean;
}

/** Moving a task on (starting, completing, unblocking it) is the main action; blocking or resetting is not. */
const FORWARD: ReadonlySet<TaskStatus> = new Set(['in_progress', 'done']);

/** Spec §4 transition table: the buttons a task in each status offers, in order. */
export function taskActions(status: TaskStatus): readonly TaskAction[] {
  return TASK_TRANSITIONS[status].map(({ action, to }) => ({ label: action, to, primary: FORWARD.has(to) }));
}

/** How long a status button reads 'Updating' after a change (spec §9). */
export const TASK_UPDATING_MS = 1000;
