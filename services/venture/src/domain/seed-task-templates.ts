import { TASK_GUIDES, type TaskGuide } from '../content/task-guides.ts';
import type { TaskTemplateRecord, VentureContext } from './venture.ts';

/** The standard templates, straight from the guides: same id, title and category; the summary as description. */
export function standardTaskTemplates(
  guides: readonly TaskGuide[] = TASK_GUIDES,
): Array<Omit<TaskTemplateRecord, 'createdAt'>> {
  return guides.map((guide) => ({
    id: guide.id,
    title: guide.title,
    description: guide.summary,
    category: guide.category,
  }));
}

/**
 * Run at every start (issue 21): inserts the standard templates the first time a database is used, and from
 * then on brings them in line with the guides' content, except the fields an administrator edited and the
 * templates an administrator deleted. Ventures read their tasks' titles and descriptions from the templates,
 * so a corrected guide reaches every venture without a migration.
 */
export async function seedTaskTemplates(
  ctx: VentureContext,
  guides: readonly TaskGuide[] = TASK_GUIDES,
): Promise<{ inserted: number; updated: number }> {
  return ctx.templates.syncStandard(standardTaskTemplates(guides), ctx.clock());
}
