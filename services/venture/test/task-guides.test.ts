import { describe, expect, it } from '@jest/globals';
import {
  TASK_CATEGORIES,
  TASK_GUIDES,
  findTaskGuide,
  type TaskCategory,
} from '../src/content/task-guides.ts';

/** Spec: categories by id range (1-12, 13-22, 23-34, 35-42, 43-50). */
const CATEGORY_LAST_ID: ReadonlyArray<[TaskCategory, number]> = [
  ['Ideation & Market Research', 12],
  ['Team & Legal Structure', 22],
  ['MVP & Product Development', 34],
  ['Funding & Finance', 42],
  ['Launch & Marketing', 50],
];

function expectedCategory(id: number): TaskCategory | undefined {
  return CATEGORY_LAST_ID.find(([, lastId]) => id <= lastId)?.[0];
}

/** Sentences end with . ! or ? followed by whitespace or the end of the text; the guides avoid abbreviations in `why`. */
function sentences(text: string): string[] {
  return text
    .trim()
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => sentence.length > 0);
}

const normalize = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

describe('the built-in task guides', () => {
  it('are exactly 50, with ids 1 to 50 in order', () => {
    expect(TASK_GUIDES).toHaveLength(50);
    expect(TASK_GUIDES.map((guide) => guide.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('declare the five categories in the spec order', () => {
    expect([...TASK_CATEGORIES]).toEqual(CATEGORY_LAST_ID.map(([category]) => category));
  });

  it('belong to the category of their id range', () => {
    for (const guide of TASK_GUIDES) {
      expect({ id: guide.id, category: guide.category }).toEqual({
        id: guide.id,
        category: expectedCategory(guide.id),
      });
    }
    const counts = TASK_CATEGORIES.map(
      (category) => TASK_GUIDES.filter((g) => g.category === category).length,
    );
    expect(counts).toEqual([12, 10, 12, 8, 8]);
  });

  it('have every text field filled, a one-sentence summary of at most 160 characters and a why of 2 to 4 sentences', () => {
    for (const guide of TASK_GUIDES) {
      const context = `guide ${guide.id}`;
      expect([context, guide.title.trim().length > 0]).toEqual([context, true]);
      expect([context, guide.summary.length <= 160, sentences(guide.summary).length]).toEqual([
        context,
        true,
        1,
      ]);
      const whyCount = sentences(guide.why).length;
      expect([context, whyCount >= 2 && whyCount <= 4, /[.!?]$/.test(guide.why)]).toEqual([
        context,
        true,
        true,
      ]);
      expect([context, guide.proTip.trim().length > 0]).toEqual([context, true]);
    }
  });

  // Issue 21: the legal, tax and finance guides go deeper (the filings, the deadlines, the traps): up to 8 steps.
  it('have 4 to 8 non-empty practices each', () => {
    for (const guide of TASK_GUIDES) {
      const count = guide.practices.length;
      expect([guide.id, count >= 4 && count <= 8]).toEqual([guide.id, true]);
      expect(guide.practices.every((practice) => practice.trim().length > 0)).toBe(true);
    }
  });

  it('have unique titles', () => {
    const titles = TASK_GUIDES.map((guide) => normalize(guide.title));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('never repeat a practice, and no sentence is shared by two guides', () => {
    const practices = TASK_GUIDES.flatMap((guide) => guide.practices.map(normalize));
    expect(practices.filter((p, i) => practices.indexOf(p) !== i)).toEqual([]);

    const owner = new Map<string, number>();
    const shared: string[] = [];
    for (const guide of TASK_GUIDES) {
      const texts = [guide.summary, guide.why, guide.proTip, ...guide.practices];
      for (const sentence of new Set(texts.flatMap(sentences).map(normalize))) {
        const first = owner.get(sentence);
        if (first !== undefined && first !== guide.id) shared.push(`${first}/${guide.id}: ${sentence}`);
        owner.set(sentence, guide.id);
      }
    }
    expect(shared).toEqual([]);
  });

  it('are frozen, so no consumer can change the built-in content', () => {
    expect(Object.isFrozen(TASK_GUIDES)).toBe(true);
    expect(TASK_GUIDES.every((guide) => Object.isFrozen(guide) && Object.isFrozen(guide.practices))).toBe(
      true,
    );
  });
});

describe('findTaskGuide', () => {
  it('returns the guide of a task id', () => {
    expect(findTaskGuide(1)?.title).toBe('Write a clear problem statement');
    expect(findTaskGuide(23)).toBe(TASK_GUIDES[22]);
    expect(findTaskGuide(50)).toBe(TASK_GUIDES[49]);
  });

  it('returns undefined for ids outside 1 to 50', () => {
    expect(findTaskGuide(0)).toBeUndefined();
    expect(findTaskGuide(51)).toBeUndefined();
    expect(findTaskGuide(-1)).toBeUndefined();
    expect(findTaskGuide(1.5)).toBeUndefined();
  });
});
