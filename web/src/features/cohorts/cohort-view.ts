import { TASK_STATUS_LABELS, type CohortDashboard, type CohortRow, type TaskStatus } from '@app/contracts';

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

export type Cell = NonNullable<NonNullable<CohortRow['cells']>[number]>;

/** What a screen reader hears for one cell. */
export function cellLabel(taskTitle: string, cell: Cell | null): string {
  if (!cell) return `${taskTitle}: not on this roadmap`;
  const marks = [cell.overdue ? 'overdue' : null, cell.verified ? 'verified by a mentor' : null].filter(
    Boolean,
  );
  return [`${taskTitle}: ${TASK_STATUS_LABELS[cell.status]}`, ...marks].join(', ');
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
