import type { CategoryProgress, Progress, TaskStatus, VentureTask } from './types';

/** The five standard categories in roadmap order (spec §3 "Task guide"). */
export const standardCategories = [
  'Ideation & Market Research',
  'Team & Legal Structure',
  'MVP & Product Development',
  'Funding & Finance',
  'Launch & Marketing',
] as const;

/** Spec §4 "Progress": done / total, rounded; 0 when there are no tasks. */
export function percentageOf(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((completed / total) * 100);
}

export interface CategoryGroup extends CategoryProgress {
  /** Ordered by taskId ascending (spec §2 "Venture Roadmap"). */
  tasks: VentureTask[];
}

function byTaskId(a: VentureTask, b: VentureTask): number {
  return a.taskId - b.taskId || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function categoryRank(category: string): number {
  const index = (standardCategories as readonly string[]).indexOf(category);
  return index === -1 ? standardCategories.length : index;
}

/**
 * The roadmap's category cards: the standard categories in their order, then any other
 * category (e.g. 'General' from an admin-made template) in order of first appearance.
 * Only categories that hold tasks get a card. Each card's figures are the venture's own
 * `progress.categories`, as the server computed them (or the optimistic update recomputed them).
 */
export function groupTasksByCategory(
  tasks: readonly VentureTask[],
  categories: readonly CategoryProgress[],
): CategoryGroup[] {
  const groups = new Map<string, VentureTask[]>();
  for (const task of [...tasks].sort(byTaskId)) {
    const group = groups.get(task.category);
    if (group) group.push(task);
    else groups.set(task.category, [task]);
  }
  const progressOf = new Map(categories.map((entry) => [entry.category, entry]));
  return [...groups.entries()]
    .map(([category, categoryTasks], firstSeen) => ({ category, categoryTasks, firstSeen }))
    .sort((a, b) => categoryRank(a.category) - categoryRank(b.category) || a.firstSeen - b.firstSeen)
    .map(({ category, categoryTasks }) => ({
      category,
      completed: 0,
      total: categoryTasks.length,
      percentage: 0,
      ...progressOf.get(category),
      tasks: categoryTasks,
    }));
}

/**
 * The roadmap's progress recomputed from its tasks after an optimistic status change, the same way the
 * venture service computes it (categories in order of first appearance), so every figure moves at once.
 * TODO(issue 15): the one shared computation moves to @app/contracts; this copy goes then.
 */
export function computeProgress(tasks: readonly VentureTask[]): Progress {
  const counts: Record<TaskStatus, number> = { todo: 0, in_progress: 0, done: 0, blocked: 0 };
  const byCategory = new Map<string, { completed: number; total: number }>();
  for (const task of tasks) {
    counts[task.status] += 1;
    const entry = byCategory.get(task.category) ?? { completed: 0, total: 0 };
    entry.total += 1;
    if (task.status === 'done') entry.completed += 1;
    byCategory.set(task.category, entry);
  }
  return {
    percentage: percentageOf(counts.done, tasks.length),
    total: tasks.length,
    completed: counts.done,
    inProgress: counts.in_progress,
    blocked: counts.blocked,
    todo: counts.todo,
    categories: [...byCategory].map(([category, { completed, total }]) => ({
      category,
      completed,
      total,
      percentage: percentageOf(completed, total),
    })),
  };
}

/** The category card's badge, e.g. '3/12' (spec §2: a completed/total badge). */
export function categoryBadgeText(completed: number, total: number): string {
  return `${completed}/${total}`;
}

/** What a screen reader hears for the badge. */
export function categoryBadgeLabel(completed: number, total: number): string {
  return `${completed} of ${total} ${total === 1 ? 'task' : 'tasks'} completed`;
}

/** The `aria-valuetext` of a progress bar, e.g. '24% complete, 12 of 50 tasks done'. */
export function progressValueText(completed: number, total: number, percentage: number): string {
  return `${percentage}% complete, ${completed} of ${total} ${total === 1 ? 'task' : 'tasks'} done`;
}
