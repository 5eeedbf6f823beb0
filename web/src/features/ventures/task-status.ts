import { TASK_TRANSITIONS, type TaskStatus } from '@app/contracts';
import { msg } from '../../i18n/i18n';

/*
 * The task status buttons. The statuses, their labels and the transition table (with the button texts)
 * are the contracts' (`TASK_STATUSES`, `TASK_STATUS_LABELS`, `TASK_TRANSITIONS`): the same table the
 * venture service enforces. Only how a button looks is decided here.
 */

export interface TaskAction {
  /** The button text, word for word from the spec's transition table (an id: shown with `t(label)`). */
  label: string;
  to: TaskStatus;
  /** The main action of a status (it moves the task forward); the others are secondary. */
  primary: boolean;
}

/**
 * The contracts' status names (`TASK_STATUS_LABELS`), as messages for the catalogue: shown with `t(…)`.
 * task-status.test.ts keeps them equal to the contracts'.
 */
export const TASK_STATUS_TEXTS: Readonly<Record<TaskStatus, string>> = {
  todo: msg('To Do'),
  in_progress: msg('In Progress'),
  done: msg('Done'),
  blocked: msg('Blocked'),
};

/** The contracts' button texts (`TASK_TRANSITIONS[…].action`), as messages for the catalogue. */
export const TASK_ACTION_TEXTS: Readonly<Record<string, string>> = {
  'Start Task': msg('Start Task'),
  'Mark Complete': msg('Mark Complete'),
  Block: msg('Block'),
  Unblock: msg('Unblock'),
  Reset: msg('Reset'),
};

/** Moving a task on (starting, completing, unblocking it) is the main action; blocking or resetting is not. */
const FORWARD: ReadonlySet<TaskStatus> = new Set(['in_progress', 'done']);

/** Spec §4 transition table: the buttons a task in each status offers, in order. */
export function taskActions(status: TaskStatus): readonly TaskAction[] {
  return TASK_TRANSITIONS[status].map(({ action, to }) => ({ label: action, to, primary: FORWARD.has(to) }));
}

/** How long a status button reads 'Updating' after a change (spec §9). */
export const TASK_UPDATING_MS = 1000;
