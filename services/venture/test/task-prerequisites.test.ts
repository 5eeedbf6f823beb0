import { describe, expect, it } from '@jest/globals';
import { findCycle } from '@app/contracts';
import { TASK_GUIDES } from '../src/content/task-guides.ts';
import { STANDARD_TASK_PREREQUISITES, standardPrerequisitesOf } from '../src/content/task-prerequisites.ts';

const guideIds = new Set(TASK_GUIDES.map((guide) => guide.id));
const edges = Object.entries(STANDARD_TASK_PREREQUISITES).flatMap(([task, prerequisites]) =>
  prerequisites.map((prerequisite) => [Number(task), prerequisite] as const),
);

describe('the curated prerequisite graph of the 50 standard tasks', () => {
  it('names only standard tasks, never a task itself, never one twice', () => {
    for (const [task, prerequisite] of edges) {
      expect(guideIds.has(task)).toBe(true);
      expect(guideIds.has(prerequisite)).toBe(true);
      expect(prerequisite).not.toBe(task);
    }
    for (const prerequisites of Object.values(STANDARD_TASK_PREREQUISITES)) {
      expect(new Set(prerequisites).size).toBe(prerequisites.length);
    }
    expect(edges.length).toBeGreaterThanOrEqual(20);
    // Sparse: only the orders that matter (issue 21 added the privacy-notice, company and bookkeeping ones).
    expect(edges.length).toBeLessThanOrEqual(45);
  });

  it('is acyclic', () => {
    const tasks = TASK_GUIDES.map((guide) => ({
      id: String(guide.id),
      prerequisiteIds: standardPrerequisitesOf(guide.id).map(String),
    }));
    for (const task of tasks) expect(findCycle(tasks, task.id, task.prerequisiteIds)).toBeNull();
  });

  it('orders incorporation before what the company signs, interviews before the MVP, the model before the raise', () => {
    expect(standardPrerequisitesOf(17)).toEqual([16]);
    expect(standardPrerequisitesOf(18)).toContain(17);
    expect(standardPrerequisitesOf(24)).toEqual([4]);
    expect(standardPrerequisitesOf(4)).toEqual([3]);
    expect(standardPrerequisitesOf(39)).toEqual([36]);
    expect(standardPrerequisitesOf(1)).toEqual([]);
    expect(standardPrerequisitesOf(51)).toEqual([]);
  });
});
