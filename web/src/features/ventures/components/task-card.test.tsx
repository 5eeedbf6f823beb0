import type { OpenPrerequisite, VentureMember, VentureTask } from '@app/contracts';
import { activateLanguage } from '../../../i18n/i18n';
import { renderStatic, textOf } from '../../../testing/static-render';
import { TaskCard } from './task-card';

const task: VentureTask = {
  id: '65f0c0ffee00000000000001',
  taskId: 1,
  title: 'Define your problem',
  description: '',
  category: 'Ideation & Market Research',
  status: 'todo',
  assigneeId: '65f0c0ffee0000000000beef',
  startDate: null,
  dueDate: null,
  completedAt: null,
  prerequisiteIds: [],
  verifiedBy: null,
  verifiedAt: null,
};
const bo: VentureMember = {
  userId: '65f0c0ffee0000000000beef',
  email: 'bo@example.com',
  displayName: 'Bo Diaz',
  role: 'editor',
  joinedAt: '2026-11-01T00:00:00.000Z',
};

function render(
  canChangeStatus: boolean,
  assignee: VentureMember | null = bo,
  shown: VentureTask = task,
  openPrerequisites: OpenPrerequisite[] = [],
): string {
  return renderStatic(
    <TaskCard
      ventureId="v1"
      task={shown}
      guide={undefined}
      onOpenGuide={() => {}}
      canChangeStatus={canChangeStatus}
      assignee={assignee ?? undefined}
      drawerSearch={`?task=${task.id}`}
      today="2026-11-25"
      openPrerequisites={openPrerequisites}
      onWaiting={() => {}}
    />,
  );
}

describe('a roadmap task card on a shared venture', () => {
  it('when the member may change statuses, then the status buttons show, with the assignee', () => {
    const text = textOf(render(true));
    expect(text).toContain('Start Task');
    expect(text).toContain('Assigned to Bo Diaz');
  });

  it('when the member is a viewer, then no status button shows', () => {
    const html = render(false, null);
    expect(textOf(html)).not.toContain('Start Task');
    expect(textOf(html)).not.toContain('Assigned to');
    expect(html).not.toContain('<button');
  });

  it('when the title is followed, then it opens the task drawer by its address', () => {
    expect(render(true)).toMatch(
      /<a[^>]*href="\/\?task=65f0c0ffee00000000000001"[^>]*>Define your problem<\/a>/,
    );
  });
});

describe('a roadmap task card with dates (issue 17)', () => {
  it('when the task is due tomorrow, then the card reads "Due tomorrow"', () => {
    expect(textOf(render(true, null, { ...task, dueDate: '2026-11-26' }))).toContain('Due tomorrow');
  });

  it('when an open task is past its due date, then the card says how late, marked overdue with an icon', () => {
    const html = render(true, null, { ...task, status: 'in_progress', dueDate: '2026-11-23' });
    expect(textOf(html)).toContain('Overdue by 2 days');
    expect(html).toContain('task-due--overdue');
    expect(html).toMatch(/task-due--overdue[^>]*>\s*<span[^>]*anticon-exclamation-circle/);
  });

  it('when a done task is past its due date, then it shows no due label', () => {
    const text = textOf(render(true, null, { ...task, status: 'done', dueDate: '2026-11-23' }));
    expect(text).not.toContain('Overdue');
    expect(text).not.toContain('Due');
  });

  it('when a started task has open prerequisites, then the card warns which', () => {
    const open: OpenPrerequisite[] = [{ id: 'p1', title: 'Incorporate', status: 'todo' }];
    expect(textOf(render(true, null, { ...task, status: 'in_progress' }, open))).toContain(
      'This task has open prerequisites: Incorporate',
    );
    expect(textOf(render(true, null, task, open))).not.toContain('open prerequisites');
  });
});

describe('a roadmap task card verified by a mentor (issue 18)', () => {
  const verifiedBy = { userId: '65f0c0ffee0000000000cafe', displayName: 'Mia Mentor' };

  it('when a done task is verified, then the card says by whom', () => {
    const html = render(false, null, {
      ...task,
      status: 'done',
      verifiedBy,
      verifiedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(textOf(html)).toContain('Verified by Mia Mentor');
  });

  it('when the task is not done, then no verification shows even if one is recorded', () => {
    expect(textOf(render(false, null, { ...task, status: 'in_progress', verifiedBy }))).not.toContain(
      'Verified by',
    );
  });
});

describe('a roadmap task card in Spanish (issue 21)', () => {
  beforeEach(() => activateLanguage('es', false));
  afterEach(() => activateLanguage('en', false));

  it('shows the category, the status, the due label, the assignee and the buttons in Spanish; the title as it is', () => {
    const text = textOf(render(true, bo, { ...task, dueDate: '2026-11-23' }));
    expect(text).toContain('Ideación e investigación de mercado');
    expect(text).toContain('Estado: Por hacer');
    expect(text).toContain('Vencida hace 2 días');
    expect(text).toContain('Asignada a Bo Diaz');
    expect(text).toContain('Empezar tarea');
    expect(text).toContain('Define your problem');
  });

  it('warns of open prerequisites in Spanish', () => {
    const open: OpenPrerequisite[] = [{ id: 'p1', title: 'Incorporate', status: 'todo' }];
    expect(textOf(render(true, null, { ...task, status: 'in_progress' }, open))).toContain(
      'Esta tarea tiene requisitos previos pendientes: Incorporate',
    );
  });
});

describe("a task's status badge (issue 22: plain markup, AA contrast)", () => {
  it.each([
    ['todo', 'default', 'To Do'],
    ['in_progress', 'info', 'In Progress'],
    ['done', 'success', 'Done'],
    ['blocked', 'error', 'Blocked'],
  ] as const)(
    'a %s task shows its status in the %s tone, with the status named for screen readers',
    (status, tone, text) => {
      const html = render(true, null, { ...task, status });
      expect(html).toMatch(
        new RegExp(
          `<span class="status-tag status-tag--${tone} task-card__status" data-testid="task-status">`,
        ),
      );
      expect(textOf(html)).toContain(`Status: ${text}`);
      expect(html).not.toContain('ant-tag');
    },
  );
});
