import type { VentureMember, VentureTask } from '@app/contracts';
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
};
const bo: VentureMember = {
  userId: '65f0c0ffee0000000000beef',
  email: 'bo@example.com',
  displayName: 'Bo Diaz',
  role: 'editor',
  joinedAt: '2026-11-01T00:00:00.000Z',
};

function render(canChangeStatus: boolean, assignee: VentureMember | null = bo): string {
  return renderStatic(
    <TaskCard
      ventureId="v1"
      task={task}
      guide={undefined}
      onOpenGuide={() => {}}
      canChangeStatus={canChangeStatus}
      assignee={assignee ?? undefined}
      drawerSearch={`?task=${task.id}`}
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
