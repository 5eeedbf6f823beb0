import {
  computeProgress,
  TASK_CATEGORIES,
  type TaskStatus,
  type VentureDetail,
  type VentureTask,
} from '@app/contracts';
import { withTask, withTaskStatus } from './venture-updates';

const [ideation, team] = TASK_CATEGORIES;
const NO_DATES = {
  startDate: null,
  dueDate: null,
  completedAt: null,
  prerequisiteIds: [],
  verifiedBy: null,
  verifiedAt: null,
};

function task(id: string, taskId: number, category: string, status: TaskStatus = 'todo'): VentureTask {
  return {
    id,
    taskId,
    title: `Task ${taskId}`,
    description: '',
    category,
    status,
    assigneeId: null,
    ...NO_DATES,
  };
}

function venture(tasks: VentureTask[]): VentureDetail {
  return {
    id: 'v1',
    name: 'Acme',
    blurb: '',
    timeZone: 'UTC',
    targetLaunchDate: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    userId: 'u1',
    tasks,
    progress: computeProgress(tasks),
    role: 'owner',
    members: [],
    program: null,
    staffAccess: null,
    template: null,
  };
}

describe('optimistic roadmap updates', () => {
  const before = venture([
    task('a', 1, ideation),
    task('b', 2, ideation, 'in_progress'),
    task('c', 13, team),
  ]);

  it('when a task is marked done, then its badge, the overall and the category progress change together', () => {
    const after = withTaskStatus(before, 'b', 'done');
    expect(after.tasks.find((t) => t.id === 'b')?.status).toBe('done');
    expect(after.progress).toMatchObject({ percentage: 33, completed: 1, inProgress: 0 });
    expect(after.progress?.categories[0]).toEqual({
      category: ideation,
      completed: 1,
      total: 2,
      percentage: 50,
    });
    expect(before.tasks.find((t) => t.id === 'b')?.status).toBe('in_progress');
  });

  it('when the server answers with the task, then only that task is replaced', () => {
    const after = withTask(before, { ...task('a', 1, ideation), status: 'in_progress' });
    expect(after.tasks.map((t) => t.status)).toEqual(['in_progress', 'in_progress', 'todo']);
    expect(after.tasks[2]).toBe(before.tasks[2]);
  });

  it('when the task is not part of the venture, then the venture is unchanged', () => {
    expect(withTaskStatus(before, 'zzz', 'done')).toBe(before);
    expect(withTask(before, task('zzz', 9, ideation, 'done'))).toBe(before);
  });
});

describe('completedAt follows the status', () => {
  const now = new Date('2026-11-25T10:00:00.000Z');

  it('when a task becomes done, then it records when; when it leaves done, then the time is cleared', () => {
    const start = venture([task('a', 1, ideation, 'in_progress')]);
    const done = withTaskStatus(start, 'a', 'done', now);
    expect(done.tasks[0]?.completedAt).toBe('2026-11-25T10:00:00.000Z');
    const reopened = withTaskStatus(done, 'a', 'in_progress', now);
    expect(reopened.tasks[0]?.completedAt).toBeNull();
  });
});
