import { PROGRAM_VISIBILITY_LABELS, TASK_STATUS_LABELS, type CohortRow } from '@app/contracts';
import { activateLanguage } from '../../i18n/i18n';
import {
  cellLabel,
  columnGroups,
  sortRows,
  STATUS_NAMES,
  STATUS_SYMBOLS,
  VISIBILITY_NAMES,
} from './cohort-view';

function row(name: string, percentage: number, reasons: number): CohortRow {
  return {
    ventureId: name,
    ventureName: name,
    founder: { userId: 'u', displayName: 'F' },
    visibility: 'full',
    progress: { percentage, total: 50, completed: 0, inProgress: 0, blocked: 0, todo: 50, categories: [] },
    lastActivityAt: null,
    cells: [],
    atRisk: reasons > 0,
    riskReasons: Array.from({ length: reasons }, () => ({ kind: 'inactive' as const, value: 15, text: 'x' })),
    mentors: [],
  };
}

describe('the cohort heatmap', () => {
  it('every status has its own symbol, so status never rests on colour alone', () => {
    expect(new Set(Object.values(STATUS_SYMBOLS)).size).toBe(4);
  });

  it('names each cell with the task, its status and its marks', () => {
    expect(cellLabel('Incorporate', { status: 'done', overdue: false, verified: true })).toBe(
      'Incorporate: Done, verified by a mentor',
    );
    expect(cellLabel('Pitch deck', { status: 'in_progress', overdue: true, verified: false })).toBe(
      'Pitch deck: In Progress, overdue',
    );
    expect(cellLabel('Pitch deck', null)).toBe('Pitch deck: not on this roadmap');
  });

  it('groups consecutive columns by category', () => {
    const columns = [
      { taskId: 1, title: 'a', category: 'Ideation' },
      { taskId: 2, title: 'b', category: 'Ideation' },
      { taskId: 3, title: 'c', category: 'Legal' },
    ];
    expect(columnGroups(columns)).toEqual([
      { category: 'Ideation', count: 2 },
      { category: 'Legal', count: 1 },
    ]);
  });

  it('sorts by progress (highest first) and by risk (at risk first, then most reasons, then least progress)', () => {
    const rows = [row('B', 40, 0), row('A', 10, 1), row('C', 5, 2), row('D', 60, 0)];
    expect(sortRows(rows, 'progress').map((r) => r.ventureName)).toEqual(['D', 'B', 'A', 'C']);
    expect(sortRows(rows, 'risk').map((r) => r.ventureName)).toEqual(['C', 'A', 'B', 'D']);
    expect(sortRows(rows, 'name').map((r) => r.ventureName)).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('the cohort texts in both languages (issue 21)', () => {
  afterEach(() => activateLanguage('en'));

  it('name statuses and visibilities in English exactly as the contracts do', () => {
    expect(STATUS_NAMES).toEqual(TASK_STATUS_LABELS);
    expect(VISIBILITY_NAMES).toEqual(PROGRAM_VISIBILITY_LABELS);
  });

  it('speaks Spanish once Spanish is chosen', async () => {
    await activateLanguage('es');
    expect(cellLabel('Incorporate', { status: 'done', overdue: true, verified: true })).toBe(
      'Incorporate: Hecho, vencida, verificada por un mentor',
    );
    expect(cellLabel('Pitch deck', null)).toBe('Pitch deck: no está en esta hoja de ruta');
  });
});
