import { TASK_CATEGORIES, type OrgGuide, type OrgTemplateTask } from '@app/contracts';

/*
 * The template editor's rules on the draft it edits locally until "Save draft": the tasks listed by the
 * five categories (then any other category of the master list), reordering within a category, new custom
 * tasks' keys. The server checks the draft again when it is saved.
 */

export interface CategoryTasks {
  category: string;
  tasks: OrgTemplateTask[];
}

/** The draft by category: the five in their order, then others in order of first appearance. */
export function tasksByCategory(tasks: readonly OrgTemplateTask[]): CategoryTasks[] {
  const groups = new Map<string, OrgTemplateTask[]>(TASK_CATEGORIES.map((category) => [category, []]));
  for (const task of tasks) {
    const group = groups.get(task.category);
    if (group) group.push(task);
    else groups.set(task.category, [task]);
  }
  return [...groups.entries()]
    .filter(
      ([category, list]) => list.length > 0 || (TASK_CATEGORIES as readonly string[]).includes(category),
    )
    .map(([category, list]) => ({ category, tasks: list }));
}

/**
 * Moves the task with `key` to position `to` among its category's tasks; the other categories' tasks keep
 * their places in the flat list. Answers the same array when nothing moves.
 */
export function moveWithinCategory(
  tasks: readonly OrgTemplateTask[],
  key: string,
  to: number,
): readonly OrgTemplateTask[] {
  const moving = tasks.find((task) => task.key === key);
  if (!moving) return tasks;
  const sameCategory = tasks.filter((task) => task.category === moving.category);
  const from = sameCategory.indexOf(moving);
  const target = Math.max(0, Math.min(to, sameCategory.length - 1));
  if (from === target) return tasks;
  const reordered = [...sameCategory];
  reordered.splice(from, 1);
  reordered.splice(target, 0, moving);
  let next = 0;
  return tasks.map((task) => (task.category === moving.category ? reordered[next++]! : task));
}

/** A key no task of the draft has: `custom-<n>` one above the highest. */
export function nextCustomKey(tasks: readonly OrgTemplateTask[]): string {
  const highest = tasks
    .filter((task) => task.key.startsWith('custom-'))
    .reduce((max, task) => Math.max(max, Number(task.key.slice('custom-'.length))), 0);
  return `custom-${highest + 1}`;
}

/** Adds a custom task at the end of its category. */
export function addCustomTask(
  tasks: readonly OrgTemplateTask[],
  task: Omit<OrgTemplateTask, 'key' | 'taskId' | 'hidden'>,
): OrgTemplateTask[] {
  const added: OrgTemplateTask = { ...task, key: nextCustomKey(tasks), taskId: null, hidden: false };
  const lastOfCategory = tasks.map((entry) => entry.category).lastIndexOf(task.category);
  const at = lastOfCategory === -1 ? tasks.length : lastOfCategory + 1;
  return [...tasks.slice(0, at), added, ...tasks.slice(at)];
}

export function replaceTask(
  tasks: readonly OrgTemplateTask[],
  key: string,
  change: Partial<Omit<OrgTemplateTask, 'key' | 'taskId'>>,
): OrgTemplateTask[] {
  return tasks.map((task) => (task.key === key ? { ...task, ...change } : task));
}

/** A guide from the form's fields; null when every field is empty (a master task keeps its guide). */
export function guideFromFields(fields: {
  why?: string | undefined;
  practices?: string | undefined;
  proTip?: string | undefined;
  localResources?: string | undefined;
}): OrgGuide | null {
  const guide: OrgGuide = {
    why: fields.why?.trim() ?? '',
    practices: (fields.practices ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    proTip: fields.proTip?.trim() ?? '',
    localResources: fields.localResources?.trim() ?? '',
  };
  const empty =
    guide.why === '' && guide.practices.length === 0 && guide.proTip === '' && guide.localResources === '';
  return empty ? null : guide;
}

export const isCustomKey = (key: string) => key.startsWith('custom-');

/** Whether the local draft differs from the one the server has. */
export function isDirty(local: readonly OrgTemplateTask[], saved: readonly OrgTemplateTask[]): boolean {
  return JSON.stringify(local) !== JSON.stringify(saved);
}
