import {
  computeProgress,
  riskReasonText,
  todayIn,
  type CohortRow,
  type Progress,
  type RiskReason,
} from '@app/contracts';
import { isTaskOverdue, median, riskReasonsOf } from './cohort-risk.ts';
import type { EnrolmentRecord, ProgramEntry } from './institutions.ts';
import { categoryOrDefault, type CohortVentureRecord, type VentureContext } from './venture.ts';
import { templateSourceOf } from './venture-template.ts';

/*
 * Issue 18: a program's cohort as one read: the enrolments (one query), their ventures (one query, only
 * the heatmap's fields), their last activity (one aggregate) and, for the dashboard, the snapshots (one
 * query). Never a call per venture. The dashboard, the CSV, the risk e-mails and the digest all build it.
 */

export interface CohortColumn {
  taskId: number;
  title: string;
  category: string;
}

export interface CohortMember {
  enrolment: EnrolmentRecord;
  venture: CohortVentureRecord;
  progress: Progress;
  lastActivityAt: Date | null;
  reasons: RiskReason[];
}

/**
 * Today per time zone at `now`, computed once per zone: a formatter per call costs about 0.1 ms, and a
 * cohort of 200 ventures shares a handful of zones.
 */
export function todayByZone(now: Date): (timeZone: string) => string {
  const cache = new Map<string, string>();
  return (timeZone) => {
    let today = cache.get(timeZone);
    if (today === undefined) {
      today = todayIn(timeZone, now);
      cache.set(timeZone, today);
    }
    return today;
  };
}

export interface Cohort {
  program: ProgramEntry;
  columns: CohortColumn[];
  members: CohortMember[];
  medianProgress: number;
  now: Date;
}

/**
 * The heatmap's columns: the visible tasks of the template version the program pins, in its order, or the
 * master list when it pins none (or an unknown version).
 */
export async function cohortColumns(ctx: VentureContext, program?: ProgramEntry): Promise<CohortColumn[]> {
  const pinned =
    program && program.templateVersion !== null
      ? await templateSourceOf(ctx.orgTemplates, ctx.templates).tasksOf(
          program.organizationId,
          program.templateVersion,
        )
      : null;
  if (pinned) return pinned.map(({ taskId, title, category }) => ({ taskId, title, category }));
  return (await ctx.templates.list()).map((template) => ({
    taskId: template.id,
    title: template.title,
    category: categoryOrDefault(template.category),
  }));
}

/** Risk reasons of ventures given their progress and activity, against the cohort's median. */
function withRisk(
  program: ProgramEntry,
  now: Date,
  entries: Array<Omit<CohortMember, 'reasons'>>,
  medianProgress: number,
): CohortMember[] {
  const todayOf = todayByZone(now);
  return entries.map((entry) => ({
    ...entry,
    reasons: riskReasonsOf({
      rules: program.riskRules,
      now,
      program,
      timeZone: entry.venture.timeZone,
      tasks: entry.venture.tasks,
      progress: entry.progress.percentage,
      medianProgress,
      enrolledAt: entry.enrolment.enrolledAt,
      lastActivityAt: entry.lastActivityAt,
      today: todayOf(entry.venture.timeZone),
    }),
  }));
}

/** The enrolled ventures of these enrolments with progress, activity and risk (three queries at most). */
export async function cohortMembersOf(
  ctx: VentureContext,
  program: ProgramEntry,
  enrolments: readonly EnrolmentRecord[],
  now: Date,
): Promise<{ members: CohortMember[]; medianProgress: number }> {
  const following = enrolments.filter(
    (e): e is EnrolmentRecord & { ventureId: string } => e.ventureId !== null,
  );
  const ids = following.map((e) => e.ventureId);
  const [ventures, activity] = await Promise.all([
    ctx.ventures.cohortVentures(ids),
    ctx.activity.lastActivityOf(ids),
  ]);
  const byId = new Map(ventures.map((venture) => [venture.id, venture]));
  const entries = following.flatMap((enrolment) => {
    const venture = byId.get(enrolment.ventureId);
    if (!venture) return [];
    const last = activity.get(venture.id) ?? null;
    return [
      {
        enrolment,
        venture,
        progress: computeProgress(venture.tasks),
        // Only activity since enrolment counts.
        lastActivityAt: last && last >= enrolment.enrolledAt ? last : null,
      },
    ];
  });
  const medianProgress = median(entries.map((entry) => entry.progress.percentage));
  return { members: withRisk(program, now, entries, medianProgress), medianProgress };
}

/** A program's whole cohort. */
export async function buildCohort(ctx: VentureContext, program: ProgramEntry): Promise<Cohort> {
  const now = ctx.clock();
  const [enrolments, columns] = await Promise.all([
    ctx.institutions.cohortOf(program.id),
    cohortColumns(ctx, program),
  ]);
  const { members, medianProgress } = await cohortMembersOf(ctx, program, enrolments, now);
  // Rows in a stable order: by venture name, then id (the web sorts by progress or risk).
  members.sort(
    (a, b) => a.venture.name.localeCompare(b.venture.name) || a.venture.id.localeCompare(b.venture.id),
  );
  return { program, columns, members, medianProgress, now };
}

/** The reasons as the contracts answer them. */
export function reasonViews(reasons: readonly RiskReason[]) {
  return reasons.map((reason) => ({ ...reason, text: riskReasonText(reason) }));
}

/** One heatmap row; no cells when the founder chose "progress only". */
export function toCohortRow(
  member: CohortMember,
  columns: readonly CohortColumn[],
  todayOf: (timeZone: string) => string,
): CohortRow {
  const { enrolment, venture } = member;
  const today = todayOf(venture.timeZone);
  const byTaskId = new Map(venture.tasks.map((task) => [task.taskId, task]));
  return {
    ventureId: venture.id,
    ventureName: venture.name,
    founder: { userId: enrolment.userId, displayName: enrolment.founderName },
    visibility: enrolment.visibility,
    progress: member.progress,
    lastActivityAt: member.lastActivityAt?.toISOString() ?? null,
    cells:
      enrolment.visibility === 'progress'
        ? null
        : columns.map((column) => {
            const task = byTaskId.get(column.taskId);
            return task
              ? {
                  status: task.status,
                  overdue: isTaskOverdue(task, today),
                  verified: task.verifiedAt !== null,
                }
              : null;
          }),
    atRisk: member.reasons.length > 0,
    riskReasons: reasonViews(member.reasons),
    mentors: enrolment.mentors.map((m) => ({ userId: m.userId, displayName: m.displayName })),
  };
}
