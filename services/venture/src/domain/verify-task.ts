import { AppError } from '@app/common';
import { taskFor } from './access.ts';
import type { Caller, VentureContext } from './venture.ts';

/*
 * Issue 18: an assigned mentor confirms a done task ("Verified by …" on the founder's card), or takes the
 * confirmation back. Only mentors with the `verify` staff action (assigned, full visibility); members of the
 * venture get 403, anyone else 404 `TASK.NOT_FOUND`. Leaving done clears the verification (in the status
 * change's own write).
 */

const onlyMentors = () =>
  AppError.forbidden('Only a mentor assigned to this venture can verify its tasks.', 'VENTURE.FORBIDDEN');

async function mentorTask(ctx: VentureContext, caller: Caller, userId: string, taskId: string) {
  const access = await taskFor(ctx, userId, taskId, 'view', {
    staff: true,
    correlationId: caller.correlationId,
  });
  if (!access.staff?.actions.has('verify')) throw onlyMentors();
  return access;
}

export async function verifyTask(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  taskId: string,
): Promise<{ verifiedBy: { userId: string; displayName: string } | null; verifiedAt: string | null }> {
  const { venture, task, member } = await mentorTask(ctx, caller, userId, taskId);
  if (task.status !== 'done') throw notDone();
  const after = await ctx.ventures.setVerification({
    ventureId: venture.id,
    taskId,
    verifiedBy: { userId, displayName: member.displayName },
    verifiedAt: ctx.clock(),
  });
  // The task left done meanwhile.
  if (!after) throw notDone();
  return { verifiedBy: after.verifiedBy ?? null, verifiedAt: after.verifiedAt?.toISOString() ?? null };
}

export async function unverifyTask(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  taskId: string,
): Promise<{ verifiedBy: null; verifiedAt: null }> {
  const { venture } = await mentorTask(ctx, caller, userId, taskId);
  await ctx.ventures.setVerification({ ventureId: venture.id, taskId, verifiedBy: null, verifiedAt: null });
  return { verifiedBy: null, verifiedAt: null };
}

function notDone(): AppError {
  return AppError.conflict('Only a done task can be verified.', 'TASK.NOT_DONE');
}
