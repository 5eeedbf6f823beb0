import type { CohortDashboard, Language, VentureDetail, VentureTask } from '@app/contracts';
import { taskTextIn } from '../content/task-guides.ts';

/*
 * Issue 21: answers in the caller's language. A standard task's title and description come from its guide in
 * that language while they are still the guide's; everything else (statuses, dates, an administrator's or an
 * organization's own titles) is answered as stored. English answers are the use cases' own, untouched.
 */

export function taskIn(language: Language, task: VentureTask): VentureTask {
  return taskTextIn(language, task);
}

export function ventureIn(language: Language, venture: VentureDetail): VentureDetail {
  if (language === 'en') return venture;
  return { ...venture, tasks: venture.tasks.map((task) => taskTextIn(language, task)) };
}

/** A status change's answer: its task in the caller's language. */
export function withTaskIn<A extends { task: VentureTask }>(language: Language, answer: A): A {
  return language === 'en' ? answer : { ...answer, task: taskTextIn(language, answer.task) };
}

/** The cohort heatmap's column titles (the template's tasks) in the caller's language. */
export function dashboardIn(language: Language, dashboard: CohortDashboard): CohortDashboard {
  if (language === 'en') return dashboard;
  return { ...dashboard, columns: dashboard.columns.map((column) => taskTextIn(language, column)) };
}
