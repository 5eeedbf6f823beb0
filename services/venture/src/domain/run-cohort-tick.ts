import { riskReasonText } from '@app/contracts';
import { buildCohort, reasonViews } from './build-cohort.ts';
import { weekStartOf } from './cohort-risk.ts';
import { toEventPerson, ventureEvent, type Caller, type VentureContext } from './venture.ts';

export interface CohortTickResult {
  programs: number;
  snapshots: number;
  digests: number;
  atRisk: number;
}

/*
 * Issue 18's scheduled work, run by the service's scheduler every COHORT_TICK_SECONDS (tests call it after
 * moving the clock). For each running program:
 *  - the week's median-progress snapshot, once per program and week, written with the week's digest to
 *    every program manager and org admin (`program.digest_due`) in ONE insert keyed by program and week;
 *  - for each enrolled venture that turned at risk, `venture.at_risk` to its mentors, once per episode (the
 *    enrolment's flag and the event in one conditional write); a venture no longer at risk ends its episode.
 * Several replicas and restarts never send twice: each effect is a conditional single-document write.
 */
export async function runCohortTick(ctx: VentureContext, caller: Caller): Promise<CohortTickResult> {
  const result: CohortTickResult = { programs: 0, snapshots: 0, digests: 0, atRisk: 0 };
  const now = ctx.clock();
  const today = now.toISOString().slice(0, 10);
  for (const program of await ctx.institutions.activePrograms()) {
    if (today < program.startDate) continue;
    const organization = await ctx.institutions.organizationById(program.organizationId);
    if (!organization) continue;
    result.programs += 1;
    const cohort = await buildCohort(ctx, program);
    const weekStart = weekStartOf(now);
    if (weekStart <= program.endDate) {
      const recipients = await ctx.institutions.membersOf(organization.id, ['orgAdmin', 'programManager']);
      const atRisk = cohort.members
        .filter((m) => m.reasons.length > 0)
        .map((m) => ({
          ventureId: m.venture.id,
          ventureName: m.venture.name,
          reasons: m.reasons.map(riskReasonText),
        }));
      const digests = recipients.map((recipient) =>
        ventureEvent(ctx, caller, 'program.digest_due', {
          programId: program.id,
          programName: program.name,
          organizationName: organization.name,
          weekStart,
          recipient: toEventPerson(recipient),
          ventureCount: cohort.members.length,
          medianProgress: cohort.medianProgress,
          atRisk,
        }),
      );
      const taken = await ctx.institutions.takeSnapshot(
        {
          programId: program.id,
          weekStart,
          medianProgress: cohort.medianProgress,
          ventureCount: cohort.members.length,
          takenAt: now,
        },
        digests,
      );
      if (taken) {
        result.snapshots += 1;
        result.digests += digests.length;
      }
    }
    for (const member of cohort.members) {
      const atRisk = member.reasons.length > 0;
      if (atRisk === member.enrolment.riskReported) continue;
      const events = atRisk
        ? [
            ventureEvent(ctx, caller, 'venture.at_risk', {
              ventureId: member.venture.id,
              ventureName: member.venture.name,
              programId: program.id,
              programName: program.name,
              organizationName: organization.name,
              reasons: reasonViews(member.reasons),
              notify: member.enrolment.mentors.map(toEventPerson),
            }),
          ]
        : [];
      const changed = await ctx.institutions.markRiskReported(member.enrolment.id, atRisk, events);
      if (changed && atRisk) result.atRisk += 1;
    }
  }
  return result;
}
