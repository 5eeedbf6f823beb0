import {
  computeProgress,
  percentage as percentageOf,
  TASK_CATEGORIES as standardCategories,
  type TaskStatus,
  type VentureTask,
} from '@app/contracts';
import { categoryBadgeLabel, categoryBadgeText, groupTasksByCategory, progressValueText } from './progress';

function task(taskId: number, category: string, status: TaskStatus = 'todo'): VentureTask {
  return {
    id: `65f0c0ffee00000000${String(taskId).padStart(6, '0')}`,
    taskId,
    title: `Task ${taskId}`,
    description: '',
    startDate: null,
    dueDate: null,
    completedAt: null,
    prerequisiteIds: [],
    verifiedBy: null,
    verifiedAt: null,
    category,
    status,
    assigneeId: null,
  };
}

const [ideation, team, mvp] = standardCategories;

/** The cards of a roadmap whose progress is as the server computes it from the same tasks. */
const groupTasks = (tasks: VentureTask[]) => groupTasksByCategory(tasks, computeProgress(tasks).categories);

describe('progress (spec §4 "Progress")', () => {
  it('when there are no tasks, then progress is 0 %', () => {
    expect(percentageOf(0, 0)).toBe(0);
    expect(computeProgress([])).toMatchObject({ percentage: 0, total: 0, completed: 0, categories: [] });
  });

  it('when done over total is a fraction, then it is rounded to a whole percent', () => {
    expect(percentageOf(1, 50)).toBe(2);
    expect(percentageOf(1, 3)).toBe(33);
    expect(percentageOf(2, 3)).toBe(67);
    expect(percentageOf(1, 8)).toBe(13);
    expect(percentageOf(12, 12)).toBe(100);
  });

  it('when tasks have several statuses, then each count and the percentage follow from them', () => {
    const progress = computeProgress([
      task(1, ideation, 'done'),
      task(2, ideation, 'in_progress'),
      task(3, ideation, 'blocked'),
      task(13, team, 'todo'),
    ]);
    expect(progress).toMatchObject({
      percentage: 25,
      total: 4,
      completed: 1,
      inProgress: 1,
      blocked: 1,
      todo: 1,
    });
    expect(progress.categories).toEqual([
      { category: ideation, completed: 1, total: 3, percentage: 33 },
      { category: team, completed: 0, total: 1, percentage: 0 },
    ]);
  });
});

describe('category cards (spec §2 "Venture Roadmap")', () => {
  it('when tasks arrive out of order, then each category lists its tasks by id ascending', () => {
    const groups = groupTasks([task(3, ideation), task(24, mvp), task(1, ideation), task(2, ideation)]);
    expect(groups.map((group) => group.category)).toEqual([ideation, mvp]);
    expect(groups[0]?.tasks.map((t) => t.taskId)).toEqual([1, 2, 3]);
  });

  it('when a category appears before an earlier standard one, then the standard order still wins', () => {
    const groups = groupTasks([task(24, mvp), task(13, team), task(1, ideation)]);
    expect(groups.map((group) => group.category)).toEqual([ideation, team, mvp]);
  });

  it('when an admin-made task has another category, then it gets its own card after the standard ones', () => {
    const groups = groupTasks([task(51, 'General'), task(1, ideation, 'done')]);
    expect(groups.map((group) => [group.category, group.completed, group.total, group.percentage])).toEqual([
      [ideation, 1, 1, 100],
      ['General', 0, 1, 0],
    ]);
  });

  it('when the venture carries its progress, then each card shows those figures rather than recounting', () => {
    const [card] = groupTasksByCategory(
      [task(1, ideation, 'done'), task(2, ideation)],
      [{ category: ideation, completed: 2, total: 2, percentage: 100 }],
    );
    expect(card).toMatchObject({ category: ideation, completed: 2, total: 2, percentage: 100 });
    expect(card?.tasks.map((t) => t.taskId)).toEqual([1, 2]);
  });

  it('when a badge is shown, then it reads completed/total and says so to screen readers', () => {
    expect(categoryBadgeText(3, 12)).toBe('3/12');
    expect(categoryBadgeLabel(3, 12)).toBe('3 of 12 tasks completed');
    expect(categoryBadgeLabel(1, 1)).toBe('1 of 1 task completed');
  });

  it('when a progress bar is read out, then the value text names percentage and counts', () => {
    expect(progressValueText(12, 50, 24)).toBe('24% complete, 12 of 50 tasks done');
  });
});
