import { institutionViewOf } from './get-venture.ts';
import { todayIn, type RouteInput, type VentureDetail, type ventureApi } from '@app/contracts';
import { forbidden, ventureFor } from './access.ts';
import { nextReminderOn } from './reminder-schedule.ts';
import { toVentureView, ventureErrors, type VentureContext } from './venture.ts';

/** The validated body of `PATCH /api/ventures/{id}`: only the keys present change. */
export type VentureChanges = RouteInput<typeof ventureApi.updateVenture>;

/**
 * Renames or redescribes a venture, or sets its time zone and target launch date: owners only (403 for other
 * members, 404 for anyone else). A new zone moves "today": the tasks' reminder days are recomputed and stored
 * in the same write.
 */
export async function updateVenture(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
  changes: VentureChanges,
): Promise<VentureDetail> {
  const { venture: before } = await ventureFor(ctx, userId, ventureId, 'editVenture');
  const reminders =
    changes.timeZone !== undefined && changes.timeZone !== before.timeZone
      ? before.tasks.map((task) => ({
          taskId: task.id,
          nextReminderOn: nextReminderOn(
            { dueDate: task.dueDate, status: task.status, remindedFor: task.remindedFor ?? {} },
            todayIn(changes.timeZone!, ctx.clock()),
          ),
        }))
      : [];
  const venture = await ctx.ventures.update(ventureId, userId, changes, reminders);
  if (!venture) {
    // Demoted, removed or deleted meanwhile: say which.
    if (await ctx.ventures.findForMember(ventureId, userId)) throw forbidden('editVenture');
    throw ventureErrors.ventureNotFound();
  }
  return toVentureView(venture, userId, await institutionViewOf(ctx, venture.id, null));
}
