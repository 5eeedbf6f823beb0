import type { VentureTask } from '@app/contracts';
import type { CategoryGroup } from './progress';
import { revealedGroups } from './progressive-reveal';

function group(category: string, size: number): CategoryGroup {
  const tasks = Array.from({ length: size }, (_, index) => ({ id: `${category}-${index}` }) as VentureTask);
  return { category, completed: 1, total: size, percentage: Math.round(100 / size), tasks };
}

const groups = [group('Ideation', 4), group('Legal', 3), group('Product', 5)];

describe('the tasks the roadmap reveals first (issue 22)', () => {
  it('when fewer tasks are revealed than the first category holds, then only that category shows, cut short', () => {
    const revealed = revealedGroups(groups, 2);
    expect(revealed.map((each) => each.category)).toEqual(['Ideation']);
    expect(revealed[0]!.tasks.map((task) => task.id)).toEqual(['Ideation-0', 'Ideation-1']);
  });

  it('when the count ends inside a later category, then the earlier ones are whole and the later ones left out', () => {
    const revealed = revealedGroups(groups, 6);
    expect(revealed.map((each) => [each.category, each.tasks.length])).toEqual([
      ['Ideation', 4],
      ['Legal', 2],
    ]);
  });

  it("a category cut short keeps the whole category's figures", () => {
    const [legal] = revealedGroups(groups.slice(1), 1);
    expect(legal).toMatchObject({ category: 'Legal', completed: 1, total: 3 });
    expect(legal!.tasks).toHaveLength(1);
  });

  it('when every task is revealed, then the groups are the same objects as given', () => {
    const revealed = revealedGroups(groups, 12);
    expect(revealed).toHaveLength(3);
    revealed.forEach((each, index) => expect(each).toBe(groups[index]));
  });

  it('reveals nothing for a count of zero', () => {
    expect(revealedGroups(groups, 0)).toEqual([]);
  });
});
