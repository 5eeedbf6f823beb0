import { describe, expect, it } from '@jest/globals';
import {
  allowedNextStatuses,
  canChangeStatus,
  statusChangeRefusal,
  TASK_STATUSES,
  type TaskStatus,
} from '@app/contracts';

/** The spec's table (§4 "Task status"), written out independently of the implementation. */
const SPEC_TABLE: Array<[TaskStatus, TaskStatus]> = [
  ['todo', 'in_progress'],
  ['in_progress', 'done'],
  ['in_progress', 'blocked'],
  ['blocked', 'in_progress'],
  ['done', 'todo'],
];

const allowedBySpec = (from: TaskStatus, to: TaskStatus) =>
  SPEC_TABLE.some(([f, t]) => f === from && t === to);

describe('task status transitions', () => {
  const pairs = TASK_STATUSES.flatMap((from) => TASK_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s is allowed exactly when the spec table lists it', (from, to) => {
    expect(canChangeStatus(from, to)).toBe(allowedBySpec(from, to));
    expect(statusChangeRefusal(from, to) === null).toBe(allowedBySpec(from, to));
  });

  it('lists the next statuses in button order', () => {
    expect(allowedNextStatuses('todo')).toEqual(['in_progress']);
    expect(allowedNextStatuses('in_progress')).toEqual(['done', 'blocked']);
    expect(allowedNextStatuses('blocked')).toEqual(['in_progress']);
    expect(allowedNextStatuses('done')).toEqual(['todo']);
  });

  it('explains a refused change with the statuses a user sees', () => {
    expect(statusChangeRefusal('todo', 'done')).toBe(
      'Cannot change a task from To Do to Done. Allowed: In Progress.',
    );
    expect(statusChangeRefusal('done', 'blocked')).toBe(
      'Cannot change a task from Done to Blocked. Allowed: To Do.',
    );
    expect(statusChangeRefusal('in_progress', 'todo')).toBe(
      'Cannot change a task from In Progress to To Do. Allowed: Done or Blocked.',
    );
    expect(statusChangeRefusal('blocked', 'blocked')).toBe('The task is already Blocked.');
  });
});
