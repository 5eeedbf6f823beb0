import type { Progress } from './schemas/progress.ts';
import type { TaskStatus } from './task-status.ts';

/*
 * Progress of a roadmap (spec §4, "Progress"). Pure: the same function serves the venture page, the task
 * update answer and the admin list, so every screen shows the same numbers.
 */

export type { CategoryProgress, Progress } from './schemas/progress.ts';

export interface ProgressTask {
  category: string;
  status: TaskStatus;
}

/** Whole percent, rounded half up; 0 of 0 is 0 %. */
export function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}

export function computeProgress(tasks: readonly ProgressTask[]): Progress {
  const counts: Record<TaskStatus, number> = { todo: 0, in_progress: 0, done: 0, blocked: 0 };
  const byCategory = new Map<string, { completed: number; total: number }>();
  for (const task of tasks) {
    counts[task.status] += 1;
    let entry = byCategory.get(task.category);
    if (!entry) {
      entry = { completed: 0, total: 0 };
      byCategory.set(task.category, entry);
    }
    entry.total += 1;
    if (task.status === 'done') entry.completed += 1;
  }
  return {
    percentage: percentage(counts.done, tasks.length),
    total: tasks.length,
    completed: counts.done,
    inProgress: counts.in_progress,
    blocked: counts.blocked,
    todo: counts.todo,
    categories: [...byCategory].map(([category, { completed, total }]) => ({
      category,
      completed,
      total,
      percentage: percentage(completed, total),
    })),
  };
}
