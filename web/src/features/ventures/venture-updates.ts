import { computeProgress, type TaskStatus, type VentureDetail, type VentureTask } from '@app/contracts';

/**
 * The venture with one task replaced and its progress recomputed from the tasks, so the
 * overall card, the category cards and the task's badge change together. Unchanged when
 * the task is not in the venture.
 */
export function withTask(venture: VentureDetail, changed: VentureTask): VentureDetail {
  let found = false;
  const tasks = venture.tasks.map((task) => {
    if (task.id !== changed.id) return task;
    found = true;
    return { ...task, ...changed };
  });
  return found ? { ...venture, tasks, progress: computeProgress(tasks) } : venture;
}

/**
 * The venture with one task moved to `status`, as the server will answer it: `completedAt` is set when the
 * task becomes done (`now`, until the server's time replaces it) and cleared when it leaves done.
 */
export function withTaskStatus(
  venture: VentureDetail,
  taskId: string,
  status: TaskStatus,
  now: Date = new Date(),
): VentureDetail {
  const task = venture.tasks.find((candidate) => candidate.id === taskId);
  if (!task) return venture;
  const completedAt =
    status !== 'done' ? null : task.status === 'done' ? task.completedAt : now.toISOString();
  return withTask(venture, { ...task, status, completedAt });
}
