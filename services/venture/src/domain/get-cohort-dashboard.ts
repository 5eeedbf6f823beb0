import { canInOrg, type CohortDashboard } from '@app/contracts';
import { buildCohort, toCohortRow, todayByZone } from './build-cohort.ts';
import { programFor } from './program-access.ts';
import type { VentureContext } from './venture.ts';

/**
 * The cohort dashboard of a program (org admins and program managers): the heatmap rows, risk, the median
 * now and its weekly trend, and the organization's mentors to assign. A fixed number of queries whatever
 * the cohort's size (see `buildCohort`).
 */
export async function getCohortDashboard(
  ctx: VentureContext,
  correlationId: string,
  userId: string,
  programId: string,
): Promise<CohortDashboard> {
  const { program, organization, role } = await programFor(
    ctx,
    correlationId,
    userId,
    programId,
    'viewPrograms',
  );
  const [cohort, snapshots, mentors] = await Promise.all([
    buildCohort(ctx, program),
    ctx.institutions.snapshotsOf(program.id),
    ctx.institutions.membersOf(organization.id, ['mentor']),
  ]);
  const todayOf = todayByZone(cohort.now);
  return {
    program: {
      id: program.id,
      name: program.name,
      organizationId: organization.id,
      organizationSlug: organization.slug,
      organizationName: organization.name,
      startDate: program.startDate,
      endDate: program.endDate,
      riskRules: program.riskRules,
    },
    canExport: canInOrg(role, 'exportCohort'),
    canAssignMentors: canInOrg(role, 'assignMentors'),
    columns: cohort.columns,
    rows: cohort.members.map((member) => toCohortRow(member, cohort.columns, todayOf)),
    medianProgress: cohort.medianProgress,
    trend: snapshots.map((s) => ({ weekStart: s.weekStart, medianProgress: s.medianProgress })),
    mentorChoices: mentors.map((m) => ({ userId: m.userId, displayName: m.displayName })),
    asOf: cohort.now.toISOString(),
  };
}
