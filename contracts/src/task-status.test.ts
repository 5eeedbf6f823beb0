import { describe, expect, it } from '@jest/globals';
import { computeProgress, percentage } from './progress.ts';
import {
  allowedNextStatuses,
  canChangeStatus,
  isTaskStatus,
  statusChangeRefusal,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  TASK_TRANSITIONS,
  type TaskStatus,
} from './task-status.ts';

/** The spec's table (§4 "Task status"), written out independently of the implementation. */
const SPEC_TABLE: Array<[TaskStatus, string, TaskStatus]> = [
  ['todo', 'Start Task', 'in_progress'],
  ['in_progress', 'Mark Complete', 'done'],
  ['in_progress', 'Block', 'blocked'],
  ['blocked', 'Unblock', 'in_progress'],
  ['done', 'Reset', 'todo'],
];

describe('task status rule', () => {
  it('allows exactly the changes of the spec table, with its action names, in button order', () => {
    const table = TASK_STATUSES.flatMap((from) =>
      TASK_TRANSITIONS[from].map(({ action, to }) => [from, action, to]),
    );
    expect(table).toEqual(
      SPEC_TABLE.slice().sort((a, b) => TASK_STATUSES.indexOf(a[0]) - TASK_STATUSES.indexOf(b[0])),
    );
    for (const from of TASK_STATUSES)
      for (const to of TASK_STATUSES)
        expect(canChangeStatus(from, to)).toBe(SPEC_TABLE.some(([f, , t]) => f === from && t === to));
    expect(allowedNextStatuses('in_progress')).toEqual(['done', 'blocked']);
  });

  it('explains a refused change with the labels users see', () => {
    expect(TASK_STATUS_LABELS).toEqual({
      todo: 'To Do',
      in_progress: 'In Progress',
      done: 'Done',
      blocked: 'Blocked',
    });
    expect(statusChangeRefusal('todo', 'done')).toBe(
      'Cannot change a task from To Do to Done. Allowed: In Progress.',
    );
    expect(statusChangeRefusal('done', 'done')).toBe('The task is already Done.');
    expect(statusChangeRefusal('todo', 'in_progress')).toBeNull();
  });

  it('recognises only the four statuses', () => {
    expect(TASK_STATUSES.every(isTaskStatus)).toBe(true);
    expect(isTaskStatus('complete')).toBe(false);
    expect(isTaskStatus(undefined)).toBe(false);
  });
});

describe('progress', () => {
  it('counts statuses and categories in roadmap order, rounding half up', () => {
    const progress = computeProgress([
      { category: 'B', status: 'done' },
      { category: 'A', status: 'in_progress' },
      { category: 'B', status: 'blocked' },
      { category: 'A', status: 'todo' },
      { category: 'A', status: 'done' },
      { category: 'B', status: 'todo' },
      { category: 'C', status: 'todo' },
      { category: 'C', status: 'todo' },
    ]);
    expect(progress).toEqual({
      percentage: 25,
      total: 8,
      completed: 2,
      inProgress: 1,
      blocked: 1,
      todo: 4,
      categories: [
        { category: 'B', completed: 1, total: 3, percentage: 33 },
        { category: 'A', completed: 1, total: 3, percentage: 33 },
        { category: 'C', completed: 0, total: 2, percentage: 0 },
      ],
    });
    expect(percentage(1, 8)).toBe(13);
    expect(percentage(0, 0)).toBe(0);
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
});
