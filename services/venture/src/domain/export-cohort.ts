import { COHORT_CSV_COLUMNS, riskReasonText } from '@app/contracts';
import { buildCohort, todayByZone } from './build-cohort.ts';
import { isTaskOverdue } from './cohort-risk.ts';
import { slugify } from './export-venture.ts';
import { programFor } from './program-access.ts';
import { ventureEvent, type Caller, type VentureContext } from './venture.ts';

export type CohortCsvRow = Array<string | number>;

/**
 * The cohort CSV (org admins and program managers): one row per enrolled venture × task in
 * `COHORT_CSV_COLUMNS` order; ventures whose founders chose "progress only" have no task rows. The export is
 * audited (`organization.audit_recorded`, `cohort.exported`) before the file is answered.
 */
export async function exportCohort(
  ctx: VentureContext,
  caller: Caller,
  actor: { userId: string },
  programId: string,
): Promise<{ fileBase: string; rows: CohortCsvRow[] }> {
  const { program, organization } = await programFor(
    ctx,
    caller.correlationId,
    actor.userId,
    programId,
    'exportCohort',
  );
  const cohort = await buildCohort(ctx, program);
  const rows: CohortCsvRow[] = [];
  const todayOf = todayByZone(cohort.now);
  for (const member of cohort.members) {
    if (member.enrolment.visibility === 'progress') continue;
    const today = todayOf(member.venture.timeZone);
    const byTaskId = new Map(member.venture.tasks.map((task) => [task.taskId, task]));
    const reasons = member.reasons.map(riskReasonText).join('; ');
    for (const column of cohort.columns) {
      const task = byTaskId.get(column.taskId);
      if (!task) continue;
      rows.push([
        member.venture.name,
        member.venture.id,
        member.enrolment.founderName,
        column.category,
        column.taskId,
        column.title,
        task.status,
        task.dueDate ?? '',
        isTaskOverdue(task, today) ? 'yes' : 'no',
        task.completedAt?.toISOString() ?? '',
        task.verifiedAt ? 'yes' : 'no',
        member.reasons.length > 0 ? 'yes' : 'no',
        reasons,
      ]);
    }
  }
  const actorName =
    (await ctx.institutions.membershipsOf(actor.userId)).find((m) => m.organizationId === organization.id)
      ?.displayName ??
    (await ctx.owners.profileOf(actor.userId, caller))?.displayName ??
    actor.userId;
  await ctx.institutions.recordExport(
    { organizationId: organization.id, programId: program.id, actorId: actor.userId, at: cohort.now },
    [
      ventureEvent(ctx, caller, 'organization.audit_recorded', {
        organizationId: organization.id,
        action: 'cohort.exported',
        actor: { userId: actor.userId, displayName: actorName },
        target: program.name,
        details: { programId: program.id, ventures: cohort.members.length, rows: rows.length },
      }),
    ],
  );
  return { fileBase: `cohort-${slugify(program.name)}-${cohort.now.toISOString().slice(0, 10)}`, rows };
}

export const COHORT_CSV_HEADER = [...COHORT_CSV_COLUMNS];
