import { diffTemplateTasks, hasTemplateChanges, type DiffableTemplateTask } from './org-templates.ts';

function task(key: string, title = key, extra: Partial<DiffableTemplateTask> = {}): DiffableTemplateTask {
  const taskId = Number(key.split('-')[1]) + (key.startsWith('custom-') ? 1_000_000 : 0);
  return { key, taskId, title, category: 'Team & Legal Structure', hidden: false, guide: null, ...extra };
}

const guide = { why: 'Why', practices: ['Do it'], proTip: '', localResources: '' };

describe('what a template version changes', () => {
  it('a new visible task is added; a task hidden or dropped is removed', () => {
    const before = [task('master-1'), task('master-2'), task('master-3')];
    const after = [task('master-1'), task('master-2', 'master-2', { hidden: true }), task('custom-1')];
    expect(diffTemplateTasks(before, after)).toEqual({
      added: [{ taskId: 1_000_001, title: 'custom-1', category: 'Team & Legal Structure' }],
      removed: [
        { taskId: 2, title: 'master-2' },
        { taskId: 3, title: 'master-3' },
      ],
      renamed: [],
      guidesChanged: [],
      reordered: false,
    });
  });

  it('a hidden task shown again is added back', () => {
    const before = [task('master-1', 'One', { hidden: true })];
    expect(diffTemplateTasks(before, [task('master-1', 'One')]).added).toEqual([
      { taskId: 1, title: 'One', category: 'Team & Legal Structure' },
    ]);
  });

  it('a title change is a rename from the old title to the new one', () => {
    expect(diffTemplateTasks([task('master-1', 'Old')], [task('master-1', 'New')]).renamed).toEqual([
      { taskId: 1, from: 'Old', to: 'New' },
    ]);
  });

  it('a new guide override or changed local resources is a changed guide', () => {
    const withGuide = [task('master-1', 'One', { guide })];
    expect(diffTemplateTasks([task('master-1', 'One')], withGuide).guidesChanged).toEqual([
      { taskId: 1, title: 'One' },
    ]);
    const otherResources = [task('master-1', 'One', { guide: { ...guide, localResources: 'Clinic' } })];
    expect(diffTemplateTasks(withGuide, otherResources).guidesChanged).toHaveLength(1);
  });

  it('swapping two tasks is a reorder; adding one at the end is not', () => {
    const before = [task('master-1'), task('master-2')];
    expect(diffTemplateTasks(before, [task('master-2'), task('master-1')]).reordered).toBe(true);
    expect(diffTemplateTasks(before, [...before, task('custom-1')]).reordered).toBe(false);
  });

  it('the same list changes nothing; any difference counts as a change', () => {
    const list = [task('master-1'), task('master-2')];
    expect(hasTemplateChanges(diffTemplateTasks(list, list))).toBe(false);
    expect(hasTemplateChanges(diffTemplateTasks(list, [task('master-2'), task('master-1')]))).toBe(true);
  });
});
