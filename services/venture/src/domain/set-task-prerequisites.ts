import { AppError } from '@app/common';
import { cycleText, findCycle, type VentureTask } from '@app/contracts';
import { forbidden, taskFor } from './access.ts';
import { memberOf, toTaskView, ventureErrors, type VentureContext } from './venture.ts';

export const SELF_PREREQUISITE = 'A task cannot be its own prerequisite.';

/**
 * Issue 17: an editor or owner replaces a task's prerequisites with other tasks of the same venture (403 for
 * a viewer, 404 for a non-member). 400 `TASK.INVALID_PREREQUISITE` for an id that is not another task of the
 * venture, 400 `TASK.PREREQUISITE_CYCLE` when the list would close a loop (its message names the tasks on
 * it); nothing changes then. The write matches only if no task's prerequisites changed since they were read,
 * so two concurrent changes cannot close a loop between them.
 */
export async function setTaskPrerequisites(
  ctx: VentureContext,
  userId: string,
  taskId: string,
  requested: string[],
): Promise<VentureTask> {
  const { venture, task } = await taskFor(ctx, userId, taskId, 'setDates');
  const prerequisiteIds = requested.map((id) => id.toLowerCase());
  const byId = new Map(venture.tasks.map((t) => [t.id, t]));
  for (const id of prerequisiteIds) {
    if (id === taskId.toLowerCase()) {
      throw new AppError('TASK.INVALID_PREREQUISITE', 400, SELF_PREREQUISITE);
    }
    if (!byId.has(id)) {
      throw new AppError('TASK.INVALID_PREREQUISITE', 400, `${id} is not a task of this venture.`);
    }
  }
  const cycle = findCycle(venture.tasks, task.id, prerequisiteIds);
  if (cycle) {
    const titles = cycle.map((id) => byId.get(id)?.title ?? id);
    throw new AppError('TASK.PREREQUISITE_CYCLE', 400, cycleText(titles));
  }
  // In roadmap order, whatever order they came in.
  const ordered = venture.tasks.filter((t) => prerequisiteIds.includes(t.id)).map((t) => t.id);
  if (ordered.join() === [...task.prerequisiteIds].sort(roadmapOrder(venture.tasks)).join()) {
    return toTaskView(task);
  }

  const after = await ctx.ventures.setPrerequisites({
    ventureId: venture.id,
    actorId: userId,
    taskId: task.id,
    prerequisiteIds: ordered,
    expected: venture.tasks.map((t) => ({ taskId: t.id, prerequisiteIds: t.prerequisiteIds })),
  });
  if (!after) {
    const now = await ctx.ventures.findForMemberByTask(taskId, userId);
    if (!now) throw ventureErrors.taskNotFound();
    if (memberOf(now, userId)?.role === 'viewer') throw forbidden('setDates');
    throw ventureErrors.statusChanged();
  }
  const updated = after.tasks.find((t) => t.id === task.id) ?? { ...task, prerequisiteIds: ordered };
  return toTaskView(updated);
}

function roadmapOrder(tasks: ReadonlyArray<{ id: string }>): (a: string, b: string) => number {
  const position = new Map(tasks.map((t, index) => [t.id, index]));
  return (a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0);
}
