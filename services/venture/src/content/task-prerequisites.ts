/*
 * The curated prerequisite graph of the standard tasks (issue 17): template id → the template ids that must be
 * done first. Since issue 21 it comes from the guides' content files (`prerequisites`), which the loader checks
 * (known ids, no cycle). A new venture's tasks get it mapped to their own ids (`create-venture.ts`); ventures
 * created before issue 17 get it once, at start (`migratePrerequisites`). Templates an administrator added have
 * none.
 */
import { TASK_GUIDES } from './task-guides.ts';

export const STANDARD_TASK_PREREQUISITES: Readonly<Record<number, readonly number[]>> = Object.freeze(
  Object.fromEntries(
    TASK_GUIDES.filter((guide) => (guide.prerequisites ?? []).length > 0).map((guide) => [
      guide.id,
      Object.freeze([...(guide.prerequisites ?? [])]),
    ]),
  ),
);

/** The prerequisite template ids of a template (none for templates an administrator added). */
export function standardPrerequisitesOf(templateId: number): readonly number[] {
  return STANDARD_TASK_PREREQUISITES[templateId] ?? [];
}

/**
 * The curated graph mapped onto a venture's new tasks: each task's prerequisites are the ids of the tasks
 * copied from its prerequisite templates (a template deleted by an administrator is simply skipped).
 */
export function withStandardPrerequisites<T extends { id: string; taskId: number }>(
  tasks: readonly T[],
): Array<T & { prerequisiteIds: string[] }> {
  const idOfTemplate = new Map(tasks.map((task) => [task.taskId, task.id]));
  return tasks.map((task) => ({
    ...task,
    prerequisiteIds: standardPrerequisitesOf(task.taskId)
      .map((templateId) => idOfTemplate.get(templateId))
      .filter((id): id is string => id !== undefined),
  }));
}
