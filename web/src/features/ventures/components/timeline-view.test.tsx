import { computeProgress, type VentureTask } from '@app/contracts';
import { activateLanguage } from '../../../i18n/i18n';
import { renderStatic, textOf } from '../../../testing/static-render';
import { groupTasksByCategory } from '../progress';
import { TimelineView, type TimelineMode } from './timeline-view';

function task(id: string, taskId: number, overrides: Partial<VentureTask>): VentureTask {
  return {
    id,
    taskId,
    title: `Task ${taskId}`,
    description: '',
    category: 'Legal & Compliance',
    status: 'todo',
    assigneeId: null,
    startDate: null,
    dueDate: null,
    completedAt: null,
    prerequisiteIds: [],
    verifiedBy: null,
    verifiedAt: null,
    ...overrides,
  };
}

const tasks = [
  task('a', 1, { title: 'Incorporate', status: 'in_progress', dueDate: '2026-11-23' }),
  task('b', 2, { title: 'Open a bank account', startDate: '2026-11-26', dueDate: '2026-11-30' }),
  task('c', 3, { title: 'Assign IP', status: 'done', dueDate: '2026-11-20' }),
  task('d', 4, { title: 'Cap table' }),
];

function render(mode: TimelineMode, targetLaunchDate: string | null = '2027-03-01'): string {
  return renderStatic(
    <TimelineView
      groups={groupTasksByCategory(tasks, computeProgress(tasks).categories)}
      today="2026-11-25"
      targetLaunchDate={targetLaunchDate}
      drawerSearch={(t) => `?task=${t.id}`}
      onOpenTask={() => {}}
      mode={mode}
      onMode={() => {}}
    />,
  );
}

describe('the roadmap timeline', () => {
  it('draws one button per dated task, named with its dates, status and lateness, in its day column', () => {
    const html = render('chart');
    expect(html.match(/data-testid="timeline-bar"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Incorporate, due 2026-11-23, In Progress, overdue by 2 days"');
    expect(html).toMatch(
      /class="timeline__bar timeline__bar--overdue"[^>]*data-column="23"[^>]*data-span="1"/,
    );
    expect(html).toMatch(
      /aria-label="Open a bank account, from 2026-11-26 to 2026-11-30, To Do, due in 5 days"[^>]*data-column="26"[^>]*data-span="5"/,
    );
    expect(html).toContain('timeline__bar--done');
    expect(html).toMatch(/data-testid="timeline-today"[^>]*data-column="25"/);
  });

  it('runs to the target launch date, marks it, and lists the undated tasks apart', () => {
    const html = render('chart');
    expect(textOf(html)).toContain('Mar 2027');
    expect(html).toContain('data-testid="timeline-launch"');
    expect(textOf(html)).toContain('Not scheduled (1)');
    expect(textOf(html)).toContain('Cap table');
    expect(render('chart', null)).not.toContain('data-testid="timeline-launch"');
  });

  it('in Table mode shows the dated tasks as a table with start, due and status', () => {
    const html = render('table');
    expect(html).not.toContain('data-testid="timeline-bar"');
    expect(html).toMatch(
      /<th scope="col">Task<\/th><th scope="col">Category<\/th><th scope="col">Start<\/th>/,
    );
    expect(textOf(html)).toContain('Incorporate Legal &amp; Compliance — 2026-11-23 In Progress (overdue)');
  });
});

describe('the roadmap timeline in Spanish (issue 21)', () => {
  beforeEach(() => activateLanguage('es', false));
  afterEach(() => activateLanguage('en', false));

  it('names the months in Spanish and each bar by its dates, status and lateness', () => {
    const html = render('chart');
    const text = textOf(html);
    expect(text).toContain('Cronología');
    expect(text).toContain('Hoy (2026-11-25)');
    expect(text).toMatch(/nov\.? 2026/);
    expect(text).toContain('Sin programar (1)');
    expect(html).toContain('aria-label="Incorporate, vence el 2026-11-23, En curso, vencida hace 2 días"');
    expect(html).toContain(
      'aria-label="Open a bank account, del 2026-11-26 al 2026-11-30, Por hacer, vence en 5 días"',
    );
  });

  it('in Table mode heads the columns in Spanish', () => {
    const html = render('table');
    expect(html).toMatch(
      /<th scope="col">Tarea<\/th><th scope="col">Categoría<\/th><th scope="col">Inicio<\/th>/,
    );
    expect(textOf(html)).toContain('En curso (vencida)');
  });
});
