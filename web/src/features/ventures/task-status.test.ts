import {
  TASK_TRANSITIONS,
  canChangeStatus,
  isTaskStatus,
  TASK_STATUS_LABELS as taskStatusLabels,
  TASK_STATUSES as taskStatuses,
  type TaskStatus,
} from '@app/contracts';
import { TASK_ACTION_TEXTS, TASK_STATUS_TEXTS, taskActions } from './task-status';

const labelsOf = (status: TaskStatus) => taskActions(status).map((action) => [action.label, action.to]);

describe('task status actions (spec §4 transition table)', () => {
  it('when a task is to do, then only Start Task is offered, leading to in progress', () => {
    expect(labelsOf('todo')).toEqual([['Start Task', 'in_progress']]);
  });

  it('when a task is in progress, then Mark Complete and Block are offered', () => {
    expect(labelsOf('in_progress')).toEqual([
      ['Mark Complete', 'done'],
      ['Block', 'blocked'],
    ]);
  });

  it('when a task is blocked, then only Unblock is offered, leading back to in progress', () => {
    expect(labelsOf('blocked')).toEqual([['Unblock', 'in_progress']]);
  });

  it('when a task is done, then only Reset is offered, leading back to to do', () => {
    expect(labelsOf('done')).toEqual([['Reset', 'todo']]);
  });

  it('when any pair of statuses is checked, then exactly the five table rows are allowed', () => {
    const allowed = taskStatuses.flatMap((from) =>
      taskStatuses.filter((to) => canChangeStatus(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'todo->in_progress',
        'in_progress->done',
        'in_progress->blocked',
        'blocked->in_progress',
        'done->todo',
      ].sort(),
    );
  });

  it('when a task can move forward, then that button is the main one; Block and Reset are secondary', () => {
    const primaryOf = (status: TaskStatus) =>
      taskActions(status).map((action) => [action.to, action.primary]);
    expect(primaryOf('todo')).toEqual([['in_progress', true]]);
    expect(primaryOf('in_progress')).toEqual([
      ['done', true],
      ['blocked', false],
    ]);
    expect(primaryOf('blocked')).toEqual([['in_progress', true]]);
    expect(primaryOf('done')).toEqual([['todo', false]]);
  });

  it('when a task would be moved from to do straight to done, then that is refused', () => {
    expect(canChangeStatus('todo', 'done')).toBe(false);
    expect(canChangeStatus('done', 'done')).toBe(false);
  });

  it('when statuses are labelled, then the badge texts are To Do, In Progress, Done and Blocked', () => {
    expect(taskStatusLabels).toEqual({
      todo: 'To Do',
      in_progress: 'In Progress',
      done: 'Done',
      blocked: 'Blocked',
    });
  });

  it('when an unknown value arrives, then it is not a status', () => {
    expect(isTaskStatus('in_progress')).toBe(true);
    expect(isTaskStatus('finished')).toBe(false);
    expect(isTaskStatus(undefined)).toBe(false);
  });
});

describe('the statuses and buttons as messages (issue 21)', () => {
  it('name every status and every button as the contracts do, so English reads the same', () => {
    expect(TASK_STATUS_TEXTS).toEqual(taskStatusLabels);
    const actions = Object.values(TASK_TRANSITIONS).flatMap((transitions) =>
      transitions.map((t) => t.action),
    );
    expect(Object.keys(TASK_ACTION_TEXTS).sort()).toEqual([...new Set(actions)].sort());
    for (const [action, text] of Object.entries(TASK_ACTION_TEXTS)) expect(text).toBe(action);
  });
});
