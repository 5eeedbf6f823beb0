/**
 * The 50 built-in task guides of the roadmap (spec: ids 1-50 in five categories by id range), read from their
 * content files (`content/guides/*.yaml`, issue 21) when this module loads: at the service's start, which a bad
 * file stops with a message naming the file and the field. Master task templates are seeded from them
 * (`seed-task-templates.ts`); venture tasks link back by `taskId`.
 */

import type { TaskGuide, TaskGuideFile } from '@app/contracts';
import { loadGuideFiles } from './guide-files.ts';

// The categories and a guide's shape are the contracts' (`GET /api/task-guides` answers these guides).
export { TASK_CATEGORIES, type TaskCategory, type TaskGuide } from '@app/contracts';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** A guide file as the API answers it: the original fields first, then the content file's others. */
export function toTaskGuide(file: TaskGuideFile): TaskGuide {
  return {
    id: file.id,
    title: file.title,
    category: file.category,
    summary: file.summary,
    why: file.why,
    practices: [...file.practices],
    proTip: file.proTip,
    prerequisites: [...file.prerequisites],
    effort: { ...file.effort },
    stage: file.stage,
    ...(file.jurisdictions ? { jurisdictions: { ...file.jurisdictions } } : {}),
    sources: file.sources.map((source) => ({ ...source })),
    ...(file.templates ? { templates: file.templates.map((template) => ({ ...template })) } : {}),
    reviewedAt: file.reviewedAt,
  };
}

/** All guides, ordered by id. Frozen all the way down: consumers must copy before changing anything. */
export const TASK_GUIDES: readonly TaskGuide[] = deepFreeze(loadGuideFiles().map(toTaskGuide));

const guidesById = new Map(TASK_GUIDES.map((guide) => [guide.id, guide]));

/** The guide of a task id, or undefined. */
export function findTaskGuide(id: number): TaskGuide | undefined {
  return guidesById.get(id);
}
