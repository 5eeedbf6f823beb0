import type { VentureDetail, VentureRole, VentureTask } from '@app/contracts';
import { renderStatic, textOf } from '../../../testing/static-render';
import { TaskDates } from './task-dates';

const task: VentureTask = {
  id: '65f0c0ffee00000000000001',
  taskId: 1,
  title: 'Incorporate',
  description: '',
  category: 'Legal & Compliance',
  status: 'done',
  assigneeId: null,
  startDate: '2026-11-20',
  dueDate: '2026-12-01',
  completedAt: '2026-11-24T15:00:00.000Z',
  prerequisiteIds: [],
  verifiedBy: null,
  verifiedAt: null,
};

function render(role: VentureRole, shown: VentureTask = task): string {
  const venture = {
    id: 'v1',
    role,
    timeZone: 'UTC',
    tasks: [shown],
    members: [],
  } as unknown as VentureDetail;
  return renderStatic(<TaskDates venture={venture} task={shown} />);
}

describe("a task's dates in its drawer (issue 17)", () => {
  it('when the member is a viewer, then the dates are text, with when the task was completed', () => {
    const html = render('viewer');
    expect(html).not.toContain('<input');
    expect(textOf(html)).toContain('Start date 2026-11-20 Due date 2026-12-01 Completed 11/24/2026');
  });

  it('when the member is an editor, then both dates are pickers holding the dates', () => {
    const html = render('editor');
    expect(html.match(/<input/g)).toHaveLength(2);
    expect(html).toContain('value="2026-11-20"');
    expect(html).toContain('value="2026-12-01"');
  });

  it('when a task has no dates and is not done, then a viewer reads "Not set" and no completion', () => {
    const text = textOf(
      render('viewer', { ...task, status: 'todo', startDate: null, dueDate: null, completedAt: null }),
    );
    expect(text).toContain('Start date Not set Due date Not set');
    expect(text).not.toContain('Completed');
  });
});
