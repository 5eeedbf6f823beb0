import {
  addDays,
  daysBetween,
  todayIn,
  type RiskReason,
  type RiskRules,
  type TaskStatus,
} from '@app/contracts';

/*
 * Issue 18: the rules that flag an enrolled venture "At risk", computed from its tasks and its activity
 * (never from what founders report), and the cohort's median. Pure: the dashboard, the export, the risk
 * e-mails and the digest all use these, so every place shows the same reasons.
 */

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (0 when `to` is earlier). */
export function wholeDaysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));
}

/** The Monday (UTC) of the week `at` falls in, 'YYYY-MM-DD'. */
export function weekStartOf(at: Date): string {
  const today = at.toISOString().slice(0, 10);
  const weekday = (at.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(today, -weekday);
}

/** The median of the values, to one decimal; 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 10) / 10;
}

/** The first calendar day on which half the program's time has passed. */
export function programMidpoint(startDate: string, endDate: string): string {
  return addDays(startDate, Math.ceil(daysBetween(startDate, endDate) / 2));
}

export interface RiskTask {
  status: TaskStatus;
  dueDate: string | null;
  /** When its status last changed; null when unknown (then it counts from enrolment). */
  statusChangedAt: Date | null;
}

export interface RiskInput {
  rules: RiskRules;
  now: Date;
  program: { startDate: string; endDate: string };
  timeZone: string;
  tasks: readonly RiskTask[];
  /** Completion percentage. */
  progress: number;
  medianProgress: number;
  enrolledAt: Date;
  /** The last activity since enrolment, or null (then inactivity counts from enrolment). */
  lastActivityAt: Date | null;
  /** Today in `timeZone` at `now`, when the caller computed it already (a cohort shares a few zones). */
  today?: string;
}

/** Whether a task is overdue: due before today (in the venture's zone) and not done. */
export function isTaskOverdue(task: Pick<RiskTask, 'status' | 'dueDate'>, today: string): boolean {
  return task.status !== 'done' && task.dueDate !== null && task.dueDate < today;
}

/** The reasons the venture is at risk under the program's rules, in rule order; empty when it is not. */
export function riskReasonsOf(input: RiskInput): RiskReason[] {
  const { rules, now } = input;
  const reasons: RiskReason[] = [];
  if (rules.inactivityDays !== null) {
    const since =
      input.lastActivityAt && input.lastActivityAt > input.enrolledAt
        ? input.lastActivityAt
        : input.enrolledAt;
    const days = wholeDaysBetween(since, now);
    if (days >= rules.inactivityDays) reasons.push({ kind: 'inactive', value: days });
  }
  if (rules.overdueTasks !== null) {
    const today = input.today ?? todayIn(input.timeZone, now);
    const overdue = input.tasks.filter((task) => isTaskOverdue(task, today)).length;
    if (overdue > 0 && overdue >= rules.overdueTasks) reasons.push({ kind: 'overdue', value: overdue });
  }
  if (rules.blockedDays !== null) {
    const longest = Math.max(
      -1,
      ...input.tasks
        .filter((task) => task.status === 'blocked')
        .map((task) => wholeDaysBetween(task.statusChangedAt ?? input.enrolledAt, now)),
    );
    if (longest >= rules.blockedDays) reasons.push({ kind: 'blocked', value: longest });
  }
  if (rules.belowMedianPoints !== null) {
    const today = now.toISOString().slice(0, 10);
    const gap = Math.round(input.medianProgress - input.progress);
    if (
      today >= programMidpoint(input.program.startDate, input.program.endDate) &&
      gap >= rules.belowMedianPoints
    ) {
      reasons.push({ kind: 'belowMedian', value: gap });
    }
  }
  return reasons;
}
