import type { CohortDashboard, CohortRow, ProgramVisibility, TaskStatus } from '@app/contracts';
import { msg, translate } from '../../i18n/i18n';

/*
 * Issue 18: how the cohort dashboard presents its answer. Pure, so it is unit-tested: the heatmap's column
 * groups, each cell's symbol and accessible name (status is never shown by colour alone), row order.
 */

/** A symbol per status, shown in the cell beside its colour. */
export const STATUS_SYMBOLS: Readonly<Record<TaskStatus, string>> = {
  todo: '○',
  in_progress: '◐',
  done: '●',
  blocked: '✕',
};

/**
 * Each status's name as the screen shows it: the ids are the English of `TASK_STATUS_LABELS` (@app/contracts),
 * word for word (the unit test holds them equal), marked here so the catalogue carries their Spanish.
 */
export const STATUS_NAMES: Readonly<Record<TaskStatus, string>> = {
  todo: msg('To Do'),
  in_progress: msg('In Progress'),
  done: msg('Done'),
  blocked: msg('Blocked'),
};

/** What the program sees, named as `PROGRAM_VISIBILITY_LABELS` (@app/contracts) names it in English. */
export const VISIBILITY_NAMES: Readonly<Record<ProgramVisibility, string>> = {
  full: msg('Full roadmap'),
  progress: msg('Progress only'),
};

export type Cell = NonNullable<NonNullable<CohortRow['cells']>[number]>;

/** What a screen reader hears for one cell (in the active language: the heatmap renders again on a change). */
export function cellLabel(taskTitle: string, cell: Cell | null): string {
  if (!cell) return translate('{task}: not on this roadmap', { task: taskTitle });
  const marks = [
    cell.overdue ? translate('overdue') : null,
    cell.verified ? translate('verified by a mentor') : null,
  ].filter(Boolean);
  return [`${taskTitle}: ${translate(STATUS_NAMES[cell.status])}`, ...marks].join(', ');
}

/** The columns grouped by category, in column order (the heatmap's first header row). */
export function columnGroups(
  columns: CohortDashboard['columns'],
): Array<{ category: string; count: number }> {
  const groups: Array<{ category: string; count: number }> = [];
  for (const column of columns) {
    const last = groups.at(-1);
    if (last && last.category === column.category) last.count += 1;
    else groups.push({ category: column.category, count: 1 });
  }
  return groups;
}

export type RowOrder = 'progress' | 'risk' | 'name';

/**
 * Rows sorted: by progress (highest first), by risk (at-risk first, more reasons first, then lowest
 * progress), or by name. Ties fall back to the name, so the order is stable.
 */
export function sortRows(rows: readonly CohortRow[], order: RowOrder): CohortRow[] {
  const byName = (a: CohortRow, b: CohortRow) =>
    a.ventureName.localeCompare(b.ventureName) || a.ventureId.localeCompare(b.ventureId);
  const compare: Record<RowOrder, (a: CohortRow, b: CohortRow) => number> = {
    progress: (a, b) => b.progress.percentage - a.progress.percentage || byName(a, b),
    risk: (a, b) =>
      Number(b.atRisk) - Number(a.atRisk) ||
      b.riskReasons.length - a.riskReasons.length ||
      a.progress.percentage - b.progress.percentage ||
      byName(a, b),
    name: byName,
  };
  return [...rows].sort(compare[order]);
}
