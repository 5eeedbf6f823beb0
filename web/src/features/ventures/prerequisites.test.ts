import type { VentureTask } from '@app/contracts';
import { nextUpTask, openPrerequisitesOf, waitingOnText } from './prerequisites';

type PlanTask = Pick<VentureTask, 'id' | 'title' | 'status' | 'prerequisiteIds'>;
const t = (id: string, status: VentureTask['status'], prerequisiteIds: string[] = []): PlanTask => ({
  id,
  title: `Task ${id}`,
  status,
  prerequisiteIds,
});

describe('prerequisites on the roadmap', () => {
  it('lists only the prerequisites that are not done, with their status', () => {
    const tasks = [t('a', 'done'), t('b', 'in_progress'), t('c', 'todo', ['a', 'b'])];
    expect(openPrerequisitesOf(tasks[2]!, tasks)).toEqual([
      { id: 'b', title: 'Task b', status: 'in_progress' },
    ]);
  });

  it('names as next up the first open task whose prerequisites are all done', () => {
    const tasks = [t('a', 'done'), t('b', 'todo', ['c']), t('c', 'in_progress', ['a'])];
    expect(nextUpTask(tasks)?.id).toBe('c');
    expect(nextUpTask([t('a', 'done')])).toBeNull();
  });

  it('says what a task waits on', () => {
    expect(waitingOnText([{ title: 'Incorporate', status: 'in_progress' }])).toBe(
      'Waiting on: Incorporate (In Progress)',
    );
  });
});
