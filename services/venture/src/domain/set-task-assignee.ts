import { AppError } from '@app/common';
import { canBeAssigned, type VentureTask } from '@app/contracts';
import { forbidden, taskFor } from './access.ts';
import {
  memberOf,
  toEventMember,
  toEventPerson,
  toTaskView,
  ventureErrors,
  ventureEvent,
  type Caller,
  type VentureContext,
} from './venture.ts';
import { spanishTitleOf } from '../content/task-guides.ts';

export const INVALID_ASSIGNEE = 'Only an editor or owner of this venture can be assigned to a task.';

/**
 * An editor or owner assigns a task to a member who is an editor or owner (400 otherwise), or clears its
 * assignee (`null`). `task.assigned` in the same write tells the assignee. Setting the same assignee again
 * changes nothing and publishes nothing.
 */
export async function setTaskAssignee(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  taskId: string,
  assigneeId: string | null,
): Promise<VentureTask> {
  const { venture, member: actor, task } = await taskFor(ctx, userId, taskId, 'assign');
  const assignee = assigneeId === null ? null : memberOf(venture, assigneeId);
  if (assigneeId !== null && (!assignee || !canBeAssigned(assignee.role))) {
    throw new AppError('TASK.INVALID_ASSIGNEE', 400, INVALID_ASSIGNEE);
  }
  if (task.assigneeId === assigneeId) return toTaskView(task);

  const after = await ctx.ventures.setAssignee(
    { ventureId: venture.id, actorId: userId, taskId, assigneeId },
    [
      ventureEvent(ctx, caller, 'task.assigned', {
        ventureId: venture.id,
        ventureName: venture.name,
        taskId,
        taskTitle: task.title,
        ...spanishTitleOf(task),
        actor: toEventPerson(actor),
        assignee: assignee ? toEventMember(assignee) : null,
        previousAssigneeId: task.assigneeId,
      }),
    ],
  );
  if (!after) {
    const now = await ctx.ventures.findForMemberByTask(taskId, userId);
    if (!now) throw ventureErrors.taskNotFound();
    if (memberOf(now, userId)?.role === 'viewer') throw forbidden('assign');
    throw new AppError('TASK.INVALID_ASSIGNEE', 400, INVALID_ASSIGNEE);
  }
  const updated = after.tasks.find((t) => t.id === taskId) ?? { ...task, assigneeId };
  return toTaskView(updated);
}
