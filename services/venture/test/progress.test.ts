import { describe, expect, it } from '@jest/globals';
import { computeProgress, percentage, type ProgressTask } from '@app/contracts';
import type { TaskStatus } from '@app/contracts';

function tasks(category: string, statuses: TaskStatus[]): ProgressTask[] {
  return statuses.map((status) => ({ category, status }));
}

describe('progress', () => {
  it('is 0 % with all counts 0 and no categories when there are no tasks', () => {
    expect(computeProgress([])).toEqual({
      percentage: 0,
      total: 0,
      completed: 0,
      inProgress: 0,
      blocked: 0,
      todo: 0,
      categories: [],
    });
  });

  it('rounds done ÷ total × 100 to the nearest whole percent', () => {
    expect(percentage(0, 50)).toBe(0);
    expect(percentage(1, 50)).toBe(2);
    expect(percentage(1, 3)).toBe(33);
    expect(percentage(2, 3)).toBe(67);
    expect(percentage(1, 8)).toBe(13); // 12.5 rounds up
    expect(percentage(49, 50)).toBe(98);
    expect(percentage(50, 50)).toBe(100);
    expect(percentage(0, 0)).toBe(0);
  });

  it('counts each status and gives completed/total per category in roadmap order', () => {
    const progress = computeProgress([
      ...tasks('Ideation & Market Research', ['done', 'done', 'in_progress', 'todo']),
      ...tasks('Team & Legal Structure', ['blocked', 'todo', 'todo']),
      ...tasks('General', ['done']),
    ]);
    expect(progress).toEqual({
      percentage: 38, // 3 of 8 = 37.5
      total: 8,
      completed: 3,
      inProgress: 1,
      blocked: 1,
      todo: 3,
      categories: [
        { category: 'Ideation & Market Research', completed: 2, total: 4, percentage: 50 },
        { category: 'Team & Legal Structure', completed: 0, total: 3, percentage: 0 },
        { category: 'General', completed: 1, total: 1, percentage: 100 },
      ],
    });
  });

  it('does not count in-progress or blocked tasks as completed', () => {
    const progress = computeProgress(tasks('Funding & Finance', ['in_progress', 'blocked', 'blocked']));
    expect(progress.percentage).toBe(0);
    expect(progress.categories).toEqual([
      { category: 'Funding & Finance', completed: 0, total: 3, percentage: 0 },
    ]);
  });
});
