import { AppError } from '@app/common';
import { computeProgress, statusChangeRefusal, type TaskStatus, type TaskStatusChange } from '@app/contracts';
import {
  toTaskView,
  ventureErrors,
  ventureEvent,
  type Caller,
  type VentureContext,
  type VentureRecord,
} from './venture.ts';

/**
 * The owner's username for the `task.updated` event (the mailer writes to it). Asked fresh, because an
 * administrator may have changed it since the venture was created; when the auth service cannot answer,
 * the one recorded with the venture is used rather than refusing the change.
 */
async function currentOwnerUsername(
  ctx: VentureContext,
  caller: Caller,
  venture: VentureRecord,
): Promise<string> {
  let username: string | null;
  try {
    username = await ctx.owners.usernameOf(venture.userId, caller);
  } catch (error) {
    if (error instanceof AppError && error.status >= 500 && venture.ownerUsername !== '') {
      return venture.ownerUsername;
    }
    throw error;
  }
  if (username === null) throw ventureErrors.ownerUnknown();
  return username;
}

/**
 * Moves one of the caller's tasks to `to` if the status rule allows it from its current status (else 409,
 * nothing changes). The change and its `task.updated` event are one write whose filter includes the status
 * read here, so of two concurrent changes only one wins; the other gets 409.
 */
export async function changeTaskStatus(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  taskId: string,
  to: TaskStatus,
): Promise<TaskStatusChange> {
  const venture = ctx.ventures.isValidId(taskId) ? await ctx.ventures.findOwnedByTask(taskId, userId) : null;
  const task = venture?.tasks.find((t) => t.id === taskId);
  if (!venture || !task) throw ventureErrors.taskNotFound();

  const refusal = statusChangeRefusal(task.status, to);
  if (refusal) throw ventureErrors.invalidTransition(refusal);

  const ownerUsername = await currentOwnerUsername(ctx, caller, venture);
  const event = ventureEvent(ctx, caller, 'task.updated', {
    ventureId: venture.id,
    ventureName: venture.name,
    taskId: task.id,
    taskTitle: task.title,
    fromStatus: task.status,
    toStatus: to,
    ownerId: venture.userId,
    ownerUsername,
  });
  const after = await ctx.ventures.changeTaskStatus(
    { ventureId: venture.id, userId, taskId: task.id, from: task.status, to, ownerUsername },
    [event],
  );
  if (!after) {
    // Someone else's change (or a deletion) came first.
    const now = await ctx.ventures.findOwnedByTask(taskId, userId);
    if (!now) throw ventureErrors.taskNotFound();
    throw ventureErrors.statusChanged();
  }

  const updated = after.tasks.find((t) => t.id === task.id) ?? { ...task, status: to };
  return { ventureId: venture.id, task: toTaskView(updated), progress: computeProgress(after.tasks) };
}
