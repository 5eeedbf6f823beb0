import { TASK_CATEGORIES, type CategoryProgress, type VentureTask } from '@app/contracts';
import { translate } from '../../i18n/i18n';

/*
 * How the roadmap shows progress. The figures themselves are the venture's `progress` (computed by the
 * venture service, or by the same `computeProgress` of @app/contracts after an optimistic change).
 */

export interface CategoryGroup extends CategoryProgress {
  /**
   * Ordered by taskId ascending (spec §2 "Venture Roadmap"), or issue 18 in the order of the organization
   * template version the roadmap follows.
   */
  tasks: VentureTask[];
}

function byTaskId(a: VentureTask, b: VentureTask): number {
  return a.taskId - b.taskId || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function categoryRank(category: string): number {
  const index = (TASK_CATEGORIES as readonly string[]).indexOf(category);
  return index === -1 ? TASK_CATEGORIES.length : index;
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
  /** Issue 18: keep the tasks' order as given (the organization template version's), not by taskId. */
  options: { inGivenOrder?: boolean } = {},
): CategoryGroup[] {
  const groups = new Map<string, VentureTask[]>();
  for (const task of options.inGivenOrder ? tasks : [...tasks].sort(byTaskId)) {
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

/** The category card's badge, e.g. '3/12' (spec §2: a completed/total badge). */
export function categoryBadgeText(completed: number, total: number): string {
  return `${completed}/${total}`;
}

/** What a screen reader hears for the badge. */
export function categoryBadgeLabel(completed: number, total: number): string {
  return translate('{completed} of {total, plural, one {# task} other {# tasks}} completed', {
    completed,
    total,
  });
}

/** The `aria-valuetext` of a progress bar, e.g. '24% complete, 12 of 50 tasks done'. */
export function progressValueText(completed: number, total: number, percentage: number): string {
  return translate(
    '{percentage}% complete, {completed} of {total, plural, one {# task} other {# tasks}} done',
    {
      percentage,
      completed,
      total,
    },
  );
}
