import { TASK_STATUS_LABELS, type OpenPrerequisite, type VentureTask } from '@app/contracts';

/*
 * Prerequisites on the roadmap (issue 17). The server decides (409 `TASK.PREREQUISITES_OPEN` when a task with
 * open prerequisites is completed); these read the same rule from the cached venture so the roadmap can say
 * it before asking.
 */

type PlanTask = Pick<VentureTask, 'id' | 'title' | 'status' | 'prerequisiteIds'>;

/** The prerequisites of `task` that are not done yet, in roadmap order. */
export function openPrerequisitesOf(task: Pick<PlanTask, 'prerequisiteIds'>, tasks: readonly PlanTask[]) {
  const wanted = new Set(task.prerequisiteIds);
  return tasks
    .filter((candidate) => wanted.has(candidate.id) && candidate.status !== 'done')
    .map(({ id, title, status }): OpenPrerequisite => ({ id, title, status }));
}

/** The first task (roadmap order) that is not done and whose prerequisites are all done; null when none. */
export function nextUpTask<T extends PlanTask>(tasks: readonly T[]): T | null {
  return (
    tasks.find((task) => task.status !== 'done' && openPrerequisitesOf(task, tasks).length === 0) ?? null
  );
}

/** "Waiting on: Incorporate (In Progress), Open a bank account (To Do)". */
export function waitingOnText(open: readonly Pick<OpenPrerequisite, 'title' | 'status'>[]): string {
  return `Waiting on: ${open.map((task) => `${task.title} (${TASK_STATUS_LABELS[task.status]})`).join(', ')}`;
}
