// The roadmap's parts in Spanish (issue 21); their English is covered beside them and by the browser tests.
import type { Progress, VentureTask } from '@app/contracts';
import { activateLanguage } from '../../../i18n/i18n';
import { renderStatic, textOf } from '../../../testing/static-render';
import { CategoryCard } from './category-card';
import { ProgressOverview } from './progress-overview';

const progress: Progress = {
  percentage: 25,
  total: 4,
  completed: 1,
  inProgress: 1,
  blocked: 1,
  todo: 1,
  categories: [{ category: 'Funding & Finance', completed: 1, total: 4, percentage: 25 }],
};

const task: VentureTask = {
  id: 't1',
  taskId: 35,
  title: 'Build a financial model',
  description: '',
  category: 'Funding & Finance',
  status: 'blocked',
  assigneeId: null,
  startDate: null,
  dueDate: null,
  completedAt: null,
  prerequisiteIds: [],
  verifiedBy: null,
  verifiedAt: null,
};

describe('the roadmap in Spanish (issue 21)', () => {
  beforeEach(() => activateLanguage('es', false));
  afterEach(() => activateLanguage('en', false));

  it('names the overall progress and the status counts in Spanish', () => {
    const html = renderStatic(<ProgressOverview progress={progress} />);
    const text = textOf(html);
    expect(text).toContain('Progreso general');
    expect(text).toContain('Completada 1');
    expect(text).toContain('En curso 1');
    expect(text).toContain('Bloqueado 1');
    expect(text).toContain('Por hacer 1');
    expect(html).toContain('aria-valuetext="25 % completado, 1 de 4 tareas hechas"');
  });

  it('names a category card, its badge and its toggle in Spanish', () => {
    const html = renderStatic(
      <CategoryCard
        ventureId="v1"
        group={{ ...progress.categories[0]!, tasks: [task] }}
        layout="grid"
        collapsed
        onToggle={() => {}}
        guides={undefined}
        onOpenGuide={() => {}}
        canChangeStatus
        membersById={new Map()}
        drawerSearch={() => '?task=t1'}
        today="2026-11-25"
        allTasks={[task]}
        onWaiting={() => {}}
      />,
    );
    const text = textOf(html);
    expect(text).toContain('Financiación y finanzas');
    expect(text).toContain('Mostrar tareas de Financiación y finanzas');
    expect(html).toContain('aria-label="1 de 4 tareas completadas"');
    expect(html).toContain('aria-label="Progreso de Financiación y finanzas"');
    expect(text).toContain('Desbloquear');
  });
});
