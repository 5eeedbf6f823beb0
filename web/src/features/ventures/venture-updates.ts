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

export function withTaskStatus(venture: VentureDetail, taskId: string, status: TaskStatus): VentureDetail {
  const task = venture.tasks.find((candidate) => candidate.id === taskId);
  return task ? withTask(venture, { ...task, status }) : venture;
}
