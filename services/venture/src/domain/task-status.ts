/*
 * The task status rule (spec §4, "Task status"). Pure: no HTTP, no database.
 *
 *   todo ──Start Task──► in_progress ──Mark Complete──► done ──Reset──► todo
 *                          │    ▲
 *                     Block│    │Unblock
 *                          ▼    │
 *                         blocked
 */

export const TASK_STATUSES = ['todo', 'in_progress', 'done', 'blocked'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** How the web app names each status (the spec's labels). */
export const STATUS_LABELS: Readonly<Record<TaskStatus, string>> = {
  todo: 'To Do',
  in_progress: 'In Progress',
  done: 'Done',
  blocked: 'Blocked',
};

const ALLOWED: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  todo: ['in_progress'],
  in_progress: ['done', 'blocked'],
  blocked: ['in_progress'],
  done: ['todo'],
};

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}

/** The statuses a task in `from` may move to, in the order the buttons appear. */
export function allowedNextStatuses(from: TaskStatus): readonly TaskStatus[] {
  return ALLOWED[from];
}

export function canChangeStatus(from: TaskStatus, to: TaskStatus): boolean {
  return ALLOWED[from].includes(to);
}

/**
 * Why `from → to` is refused, as a sentence a user can read; null when the change is allowed.
 */
export function statusChangeRefusal(from: TaskStatus, to: TaskStatus): string | null {
  if (canChangeStatus(from, to)) return null;
  if (from === to) return `The task is already ${STATUS_LABELS[to]}.`;
  const allowed = ALLOWED[from].map((status) => STATUS_LABELS[status]).join(' or ');
  return `Cannot change a task from ${STATUS_LABELS[from]} to ${STATUS_LABELS[to]}. Allowed: ${allowed}.`;
}
