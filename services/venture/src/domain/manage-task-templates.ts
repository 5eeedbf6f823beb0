import type { TaskTemplate } from '@app/contracts';
import { toTemplateView, ventureErrors, type MasterGuideRecord, type VentureContext } from './venture.ts';

/*
 * The master task templates, managed by administrators through the admin service. A venture copies them
 * when it is created (which tasks, their categories); since issue 21 its tasks show the templates' current
 * titles and descriptions, so an edit here reaches existing ventures too, and the fields it changed are
 * recorded so the content seed never overwrites them.
 */

export interface NewTemplateInput {
  title: string;
  description: string;
  category: string;
  /** Issue 18: the guide of the administrator's task (why, practices, pro tip). */
  guide?: MasterGuideRecord | undefined;
}

export interface TemplateChanges {
  title?: string | undefined;
  description?: string | undefined;
  category?: string | undefined;
  /** null removes the guide. */
  guide?: MasterGuideRecord | null | undefined;
}

export async function listTaskTemplates(ctx: VentureContext): Promise<TaskTemplate[]> {
  return (await ctx.templates.list()).map(toTemplateView);
}

export async function createTaskTemplate(
  ctx: VentureContext,
  input: NewTemplateInput,
): Promise<TaskTemplate> {
  const { guide, ...text } = input;
  return toTemplateView(await ctx.templates.create({ ...text, ...(guide ? { guide } : {}) }));
}

export async function updateTaskTemplate(
  ctx: VentureContext,
  id: number,
  changes: TemplateChanges,
): Promise<TaskTemplate> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const template = await ctx.templates.update(id, defined);
  if (!template) throw ventureErrors.templateNotFound();
  return toTemplateView(template);
}

export async function deleteTaskTemplate(ctx: VentureContext, id: number): Promise<void> {
  if (!(await ctx.templates.delete(id))) throw ventureErrors.templateNotFound();
}
