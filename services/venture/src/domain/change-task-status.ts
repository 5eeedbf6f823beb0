import { AppError } from '@app/common';
import {
  computeProgress,
  openPrerequisitesOf,
  statusChangeRefusal,
  todayIn,
  waitingOnText,
  type OpenPrerequisiteRef,
  type TaskStatus,
  type TaskStatusChange,
} from '@app/contracts';
import { forbidden, taskFor } from './access.ts';
import { nextReminderOn } from './reminder-schedule.ts';
import {
  toEventMember,
  toEventPerson,
  toTaskView,
  ventureErrors,
  ventureEvent,
  type Caller,
  type OutboxEvent,
  type VentureContext,
} from './venture.ts';
import { spanishTitleOf } from '../content/task-guides.ts';

/**
 * The owner's username for the `task.updated` event (the mailer writes to it). Asked fresh, because an
 * administrator may have changed it since the venture was created; when the auth service cannot answer,
 * the one recorded with the venture is used rather than refusing the change.
 */
async function currentOwnerUsername(
  ctx: VentureContext,
  caller: Caller,
  ownerId: string,
  recorded: string,
): Promise<string> {
  let username: string | null;
  try {
    username = await ctx.owners.usernameOf(ownerId, caller);
  } catch (error) {
    if (error instanceof AppError && error.status >= 500 && recorded !== '') return recorded;
    throw error;
  }
  if (username === null) throw ventureErrors.ownerUnknown();
  return username;
}

/**
 * Moves a task to `to` if the caller is an editor or owner (403 for a viewer, 404 for a non-member) and the
 * status rule allows it from its current status (else 409, nothing changes). The change and its events are
 * one write whose filter includes the status read here and the caller's role, so of two concurrent changes
 * only one wins; the other gets 409.
 *
 * Its event: on a shared venture `task.updated.v2` (the actor, and every other member to notify: never
 * the actor). On an un-shared venture (one member, who made the change) nothing changes from before
 * issue 16: `task.updated` to its owner, who keeps the e-mail of each change exactly as today. Either is
 * one event per change, and the activity is built from both.
 */
export async function changeTaskStatus(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  taskId: string,
  to: TaskStatus,
): Promise<TaskStatusChange> {
  const { venture, member, task } = await taskFor(ctx, userId, taskId, 'changeStatus');

  const refusal = statusChangeRefusal(task.status, to);
  if (refusal) throw ventureErrors.invalidTransition(refusal);
  // Issue 17: done only once every prerequisite is (starting, blocking or resetting stays allowed).
  if (to === 'done') {
    const open = openPrerequisitesOf(task, venture.tasks);
    if (open.length > 0) throw prerequisitesOpen(open);
  }

  // The venture's only member, if it is not shared: the one `task.updated` goes to.
  const sole = venture.members.length === 1 ? venture.members[0]! : null;
  const ownerUsername = sole
    ? await currentOwnerUsername(
        ctx,
        caller,
        sole.userId,
        sole.userId === venture.userId ? venture.ownerUsername : sole.email,
      )
    : venture.ownerUsername;
  const change = {
    ventureName: venture.name,
    taskTitle: task.title,
    ...spanishTitleOf(task),
    fromStatus: task.status,
    toStatus: to,
  };
  const events: OutboxEvent[] = [
    sole
      ? ventureEvent(ctx, caller, 'task.updated', {
          ventureId: venture.id,
          taskId: task.id,
          ...change,
          ownerId: sole.userId,
          ownerUsername,
        })
      : ventureEvent(ctx, caller, 'task.updated.v2', {
          ventureId: venture.id,
          taskId: task.id,
          ...change,
          actor: toEventPerson(member),
          notify: venture.members.filter((m) => m.userId !== userId).map(toEventMember),
        }),
  ];
  const now = ctx.clock();
  const after = await ctx.ventures.changeTaskStatus(
    {
      ventureId: venture.id,
      userId,
      taskId: task.id,
      from: task.status,
      to,
      ownerUsername,
      completedAt: to === 'done' ? now : null,
      statusChangedAt: now,
      nextReminderOn: nextReminderOn(
        { dueDate: task.dueDate, status: to, remindedFor: task.remindedFor ?? {} },
        todayIn(venture.timeZone, now),
      ),
      ...(to === 'done' ? { requireDone: task.prerequisiteIds } : {}),
    },
    events,
  );
  if (!after) {
    // Someone else's change, a demotion, a removal, a deletion or a reopened prerequisite came first.
    const current = await ctx.ventures.findForMemberByTask(taskId, userId);
    const currentTask = current?.tasks.find((t) => t.id === taskId);
    if (!current || !currentTask) throw ventureErrors.taskNotFound();
    if (current.members.find((m) => m.userId === userId)?.role === 'viewer') throw forbidden('changeStatus');
    if (to === 'done' && currentTask.status === task.status) {
      const open = openPrerequisitesOf(currentTask, current.tasks);
      if (open.length > 0) throw prerequisitesOpen(open);
    }
    throw ventureErrors.statusChanged();
  }

  const updated = after.tasks.find((t) => t.id === task.id) ?? { ...task, status: to };
  return { ventureId: venture.id, task: toTaskView(updated), progress: computeProgress(after.tasks) };
}

/** 409 `TASK.PREREQUISITES_OPEN`: "Waiting on: …", with the open prerequisites in `details`. */
function prerequisitesOpen(openPrerequisites: OpenPrerequisiteRef[]): AppError {
  return new AppError('TASK.PREREQUISITES_OPEN', 409, waitingOnText(openPrerequisites), {
    details: { openPrerequisites },
  });
}
