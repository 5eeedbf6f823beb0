import { cycleText, findCycle, nextUpTask, openPrerequisitesOf, waitingOnText } from './prerequisites.ts';
import type { PrerequisiteTask } from './prerequisites.ts';

const task = (
  id: string,
  status: PrerequisiteTask['status'],
  prerequisiteIds: string[] = [],
): PrerequisiteTask => ({ id, title: `Task ${id}`, status, prerequisiteIds });

describe('prerequisites', () => {
  it('lists the open prerequisites in roadmap order, with their status', () => {
    const tasks = [
      task('a', 'in_progress'),
      task('b', 'done'),
      task('c', 'blocked'),
      task('d', 'todo', ['c', 'b', 'a']),
    ];
    expect(openPrerequisitesOf(tasks[3]!, tasks)).toEqual([
      { id: 'a', title: 'Task a', status: 'in_progress' },
      { id: 'c', title: 'Task c', status: 'blocked' },
    ]);
    expect(openPrerequisitesOf(task('e', 'todo', ['b', 'unknown']), tasks)).toEqual([]);
  });

  it('finds the loop a new list of prerequisites would close, and only then', () => {
    // a needs b, b needs c: c needing a closes a → b → c → a.
    const tasks = [task('a', 'todo', ['b']), task('b', 'todo', ['c']), task('c', 'todo'), task('d', 'todo')];
    expect(findCycle(tasks, 'c', ['a'])).toEqual(['c', 'a', 'b', 'c']);
    expect(findCycle(tasks, 'c', ['d', 'b'])).toEqual(['c', 'b', 'c']);
    expect(findCycle(tasks, 'c', ['d'])).toBeNull();
    expect(findCycle(tasks, 'a', ['c', 'd'])).toBeNull();
    expect(findCycle(tasks, 'd', ['d'])).toEqual(['d', 'd']);
    // The task's old list no longer counts: a no longer needs b, so b may need a.
    expect(findCycle([task('a', 'todo', ['b']), task('b', 'todo')], 'a', [])).toBeNull();
    expect(findCycle([task('a', 'todo', ['b']), task('b', 'todo')], 'b', ['a'])).toEqual(['b', 'a', 'b']);
    // Unknown ids are not on any loop.
    expect(findCycle(tasks, 'a', ['zzz'])).toBeNull();
  });

  it('"Next up" is the first task not done whose prerequisites are all done', () => {
    const tasks = [
      task('a', 'done'),
      task('b', 'todo', ['c']),
      task('c', 'in_progress', ['a']),
      task('d', 'todo'),
    ];
    expect(nextUpTask(tasks)?.id).toBe('c');
    expect(nextUpTask([task('a', 'done'), task('b', 'done')])).toBeNull();
    expect(nextUpTask([task('a', 'todo', ['b']), task('b', 'todo', ['a'])])).toBeNull();
    expect(nextUpTask([task('a', 'todo', ['gone'])])?.id).toBe('a');
  });

  it('explains what a task waits on with the status labels', () => {
    expect(waitingOnText([{ title: 'Incorporate', status: 'in_progress' }])).toBe(
      'Waiting on: Incorporate (In Progress)',
    );
    expect(
      waitingOnText([
        { title: 'Incorporate', status: 'todo' },
        { title: 'Pitch deck', status: 'blocked' },
      ]),
    ).toBe('Waiting on: Incorporate (To Do), Pitch deck (Blocked)');
    expect(waitingOnText([])).toBe('');
    expect(cycleText(['A', 'B', 'A'])).toBe('This would make a loop: A → B → A');
  });
});
