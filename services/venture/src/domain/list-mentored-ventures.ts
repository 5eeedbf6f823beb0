import { canInOrg, type MentoredVenture } from '@app/contracts';
import { cohortMembersOf, reasonViews } from './build-cohort.ts';
import type { VentureContext } from './venture.ts';

/**
 * A mentor's "My ventures": the enrolled ventures assigned to them, in organizations where they still are a
 * mentor, with progress and risk (against their own cohort's median). One query per program they mentor in.
 */
export async function listMentoredVentures(ctx: VentureContext, userId: string): Promise<MentoredVenture[]> {
  const assigned = await ctx.institutions.mentoredBy(userId);
  const byProgram = new Map<string, typeof assigned>();
  for (const enrolment of assigned) {
    byProgram.set(enrolment.programId, [...(byProgram.get(enrolment.programId) ?? []), enrolment]);
  }
  const now = ctx.clock();
  const result: MentoredVenture[] = [];
  for (const [programId, mine] of byProgram) {
    const program = await ctx.institutions.programById(programId);
    const organization = program ? await ctx.institutions.organizationById(program.organizationId) : null;
    if (!program || !organization) continue;
    if (!canInOrg(await ctx.institutions.roleOf(organization.id, userId), 'mentorVentures')) continue;
    // The median is the whole cohort's, so "below the median" means the same as on the dashboard.
    const cohort = await ctx.institutions.cohortOf(programId);
    const { members } = await cohortMembersOf(ctx, program, cohort, now);
    const mineIds = new Set(mine.map((e) => e.ventureId));
    for (const member of members.filter((m) => mineIds.has(m.venture.id))) {
      result.push({
        id: member.venture.id,
        name: member.venture.name,
        blurb: member.venture.blurb,
        createdAt: member.venture.createdAt.toISOString(),
        userId: member.venture.userId,
        progress: member.progress,
        programId: program.id,
        programName: program.name,
        organizationName: organization.name,
        visibility: member.enrolment.visibility,
        atRisk: member.reasons.length > 0,
        riskReasons: reasonViews(member.reasons),
      });
    }
  }
  return result.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
