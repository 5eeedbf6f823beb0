import { TASK_GUIDES } from '../content/task-guides.ts';
import type { TaskTemplateRecord, VentureContext } from './venture.ts';

/** The 50 standard templates, straight from the guides: same id, title and category; the summary as description. */
export function standardTaskTemplates(): Array<Omit<TaskTemplateRecord, 'createdAt'>> {
  return TASK_GUIDES.map((guide) => ({
    id: guide.id,
    title: guide.title,
    description: guide.summary,
    category: guide.category,
  }));
}

/** Run at every start; inserts the standard templates only the first time a database is used. */
export async function seedTaskTemplates(ctx: VentureContext): Promise<number> {
  return ctx.templates.seedOnce(standardTaskTemplates(), ctx.clock());
}
