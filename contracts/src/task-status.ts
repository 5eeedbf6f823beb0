/*
 * The task status rule (spec §4, "Task status"): the one table the venture service enforces and the web app
 * draws its buttons from.
 *
 *   todo ──Start Task──► in_progress ──Mark Complete──► done ──Reset──► todo
 *                          │    ▲
 *                     Block│    │Unblock
 *                          ▼    │
 *                         blocked
 */

export const TASK_STATUSES = ['todo', 'in_progress', 'done', 'blocked'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** How each status is named on screen and in messages (the spec's labels). */
export const TASK_STATUS_LABELS: Readonly<Record<TaskStatus, string>> = {
  todo: 'To Do',
  in_progress: 'In Progress',
  done: 'Done',
  blocked: 'Blocked',
};

/** One allowed change: the status it leads to and the spec's name for it (the button text). */
export interface TaskTransition {
  to: TaskStatus;
  action: string;
}

/** The statuses a task in each status may move to, in the order the buttons appear. */
export const TASK_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskTransition[]>> = {
  todo: [{ to: 'in_progress', action: 'Start Task' }],
  in_progress: [
    { to: 'done', action: 'Mark Complete' },
    { to: 'blocked', action: 'Block' },
  ],
  blocked: [{ to: 'in_progress', action: 'Unblock' }],
  done: [{ to: 'todo', action: 'Reset' }],
};

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}

/** The statuses a task in `from` may move to, in the order the buttons appear. */
export function allowedNextStatuses(from: TaskStatus): readonly TaskStatus[] {
  return TASK_TRANSITIONS[from].map((transition) => transition.to);
}

export function canChangeStatus(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_TRANSITIONS[from].some((transition) => transition.to === to);
}

/** Why `from → to` is refused, as a sentence a user can read; null when the change is allowed. */
export function statusChangeRefusal(from: TaskStatus, to: TaskStatus): string | null {
  if (canChangeStatus(from, to)) return null;
  if (from === to) return `The task is already ${TASK_STATUS_LABELS[to]}.`;
  const allowed = allowedNextStatuses(from)
    .map((status) => TASK_STATUS_LABELS[status])
    .join(' or ');
  return `Cannot change a task from ${TASK_STATUS_LABELS[from]} to ${TASK_STATUS_LABELS[to]}. Allowed: ${allowed}.`;
}
