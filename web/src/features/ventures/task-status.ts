import type { TaskStatus } from './types';

/** Spec §4 "Task status": the label of each status, as the badge and the toasts show it. */
export const taskStatusLabels: Record<TaskStatus, string> = {
  todo: 'To Do',
  in_progress: 'In Progress',
  done: 'Done',
  blocked: 'Blocked',
};

export const taskStatuses: readonly TaskStatus[] = ['todo', 'in_progress', 'done', 'blocked'];

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (taskStatuses as readonly string[]).includes(value);
}

export interface TaskAction {
  /** The button text, word for word from the spec's transition table. */
  label: string;
  to: TaskStatus;
  /** The main action of a status; the others are secondary. */
  primary: boolean;
}

/** Spec §4 transition table: the buttons a task in each status offers, in order. */
const actionsByStatus: Record<TaskStatus, readonly TaskAction[]> = {
  todo: [{ label: 'Start Task', to: 'in_progress', primary: true }],
  in_progress: [
    { label: 'Mark Complete', to: 'done', primary: true },
    { label: 'Block', to: 'blocked', primary: false },
  ],
  blocked: [{ label: 'Unblock', to: 'in_progress', primary: true }],
  done: [{ label: 'Reset', to: 'todo', primary: false }],
};

export function taskActions(status: TaskStatus): readonly TaskAction[] {
  return actionsByStatus[status];
}

export function canChangeStatus(from: TaskStatus, to: TaskStatus): boolean {
  return actionsByStatus[from].some((action) => action.to === to);
}

/** How long a status button reads 'Updating' after a change (spec §9). */
export const TASK_UPDATING_MS = 1000;
