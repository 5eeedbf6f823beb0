import type { OrgTemplateTask } from '@app/contracts';
import {
  addCustomTask,
  guideFromFields,
  moveWithinCategory,
  nextCustomKey,
  tasksByCategory,
} from './template-draft';

const IDEATION = 'Ideation & Market Research';
const LEGAL = 'Team & Legal Structure';

function task(key: string, category: string): OrgTemplateTask {
  return { key, taskId: null, category, title: key, description: '', hidden: false, guide: null };
}

const draft = [
  task('master-1', IDEATION),
  task('master-11', LEGAL),
  task('master-2', IDEATION),
  task('master-12', LEGAL),
];
const keys = (tasks: readonly OrgTemplateTask[]) => tasks.map((t) => t.key);

describe('the template editor draft', () => {
  it('lists the tasks under the five categories in their order, empty ones included', () => {
    const groups = tasksByCategory(draft);
    expect(groups.map((group) => group.category)).toEqual([
      IDEATION,
      LEGAL,
      'MVP & Product Development',
      'Funding & Finance',
      'Launch & Marketing',
    ]);
    expect(keys(groups[1]!.tasks)).toEqual(['master-11', 'master-12']);
  });

  it('a task moved down its category swaps with the next one there; other categories keep their places', () => {
    expect(keys(moveWithinCategory(draft, 'master-11', 1))).toEqual([
      'master-1',
      'master-12',
      'master-2',
      'master-11',
    ]);
  });

  it('moving the first task up changes nothing', () => {
    expect(moveWithinCategory(draft, 'master-1', -1)).toBe(draft);
  });

  it('a new custom task gets the next free key and goes last in its category', () => {
    const withOne = addCustomTask(draft, {
      category: LEGAL,
      title: 'Book a session with our legal clinic',
      description: '',
      guide: { why: 'Why', practices: ['Do'], proTip: '', localResources: '' },
    });
    expect(keys(withOne)).toEqual(['master-1', 'master-11', 'master-2', 'master-12', 'custom-1']);
    expect(nextCustomKey(withOne)).toBe('custom-2');
  });

  it('guide fields write one practice per line; all empty means no override', () => {
    expect(
      guideFromFields({ why: ' Why ', practices: 'One\n\n Two ', proTip: '', localResources: 'Clinic' }),
    ).toEqual({
      why: 'Why',
      practices: ['One', 'Two'],
      proTip: '',
      localResources: 'Clinic',
    });
    expect(guideFromFields({ why: ' ', practices: '\n' })).toBeNull();
  });
});
