/*
 * Prerequisites (issue 17): a task names the tasks of its venture that must be done before it can be. Zod-free:
 * the venture service enforces these rules (409 `TASK.PREREQUISITES_OPEN`, 400 `TASK.PREREQUISITE_CYCLE`) and
 * the web app explains them ("Waiting on: …", "Next up") with the same functions.
 *
 * Every function takes the venture's tasks in roadmap order (taskId ascending, as `getVenture` answers them)
 * and keeps that order in what it returns. An id that names no task of the list is ignored (it cannot be
 * open, and it cannot be on a cycle).
 */
import { isTaskStatus, TASK_STATUS_LABELS, type TaskStatus } from '../task-status.ts';

/** What the helpers need of a task. */
export interface PrerequisiteTask {
  id: string;
  title: string;
  status: TaskStatus;
  prerequisiteIds: readonly string[];
}

/** An open prerequisite, as the 409 of `changeTaskStatus` lists it. */
export interface OpenPrerequisiteRef {
  id: string;
  title: string;
  status: TaskStatus;
}

/**
 * The open prerequisites a 409 `TASK.PREREQUISITES_OPEN` lists in its `details`, or null when `details` is not
 * that shape: what `prerequisitesOpenDetailsSchema` (http/venture.ts) reads, without zod, so a page that only
 * explains the refusal does not load and build every venture route's schema (a test holds the two to the
 * same answers).
 */
export function openPrerequisitesFromDetails(details: unknown): OpenPrerequisiteRef[] | null {
  if (!isRecord(details) || !Array.isArray(details.openPrerequisites)) return null;
  const read: OpenPrerequisiteRef[] = [];
  for (const item of details.openPrerequisites as unknown[]) {
    if (!isRecord(item)) return null;
    const { id, title, status } = item;
    if (typeof id !== 'string' || typeof title !== 'string' || !isTaskStatus(status)) return null;
    read.push({ id, title, status });
  }
  return read;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The prerequisites of `task` that are not done yet, in roadmap order. */
export function openPrerequisitesOf(
  task: { prerequisiteIds: readonly string[] },
  tasks: readonly PrerequisiteTask[],
): OpenPrerequisiteRef[] {
  const wanted = new Set(task.prerequisiteIds);
  return tasks
    .filter((candidate) => wanted.has(candidate.id) && candidate.status !== 'done')
    .map(({ id, title, status }) => ({ id, title, status }));
}

/**
 * Whether giving `taskId` the prerequisites `newPrerequisiteIds` would close a loop. Returns the ids on it,
 * starting and ending with `taskId` and following "needs" (`[a, b, a]`: a needs b, which needs a), or null
 * when there is none. A task named as its own prerequisite is the loop `[taskId, taskId]`.
 */
export function findCycle(
  tasks: readonly Pick<PrerequisiteTask, 'id' | 'prerequisiteIds'>[],
  taskId: string,
  newPrerequisiteIds: readonly string[],
): string[] | null {
  const needs = new Map<string, readonly string[]>();
  for (const task of tasks) needs.set(task.id, task.prerequisiteIds);
  needs.set(taskId, newPrerequisiteIds);

  // Depth-first from the task along "needs": the first path that comes back to it is the loop.
  const visited = new Set<string>();
  const path: string[] = [taskId];
  const walk = (from: string): boolean => {
    for (const next of needs.get(from) ?? []) {
      if (next === taskId) {
        path.push(taskId);
        return true;
      }
      if (visited.has(next) || !needs.has(next)) continue;
      visited.add(next);
      path.push(next);
      if (walk(next)) return true;
      path.pop();
    }
    return false;
  };
  return walk(taskId) ? path : null;
}

/** The first task in roadmap order that is not done and whose prerequisites are all done; null when none. */
export function nextUpTask<T extends PrerequisiteTask>(tasks: readonly T[]): T | null {
  const done = new Set(tasks.filter((task) => task.status === 'done').map((task) => task.id));
  const known = new Set(tasks.map((task) => task.id));
  return (
    tasks.find(
      (task) => task.status !== 'done' && task.prerequisiteIds.every((id) => done.has(id) || !known.has(id)),
    ) ?? null
  );
}

/** "Waiting on: Incorporate (In Progress), Pitch deck (To Do)"; '' when nothing is open. */
export function waitingOnText(open: readonly Pick<OpenPrerequisiteRef, 'title' | 'status'>[]): string {
  if (open.length === 0) return '';
  return `Waiting on: ${open.map((task) => `${task.title} (${TASK_STATUS_LABELS[task.status]})`).join(', ')}`;
}

/** "This would make a loop: A → B → A": the message of 400 `TASK.PREREQUISITE_CYCLE`. */
export function cycleText(titles: readonly string[]): string {
  return `This would make a loop: ${titles.join(' → ')}`;
}
