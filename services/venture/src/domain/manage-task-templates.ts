import type { TaskTemplate } from '@app/contracts';
import { toTemplateView, ventureErrors, type VentureContext } from './venture.ts';

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
}

export type TemplateChanges = Partial<NewTemplateInput>;

export async function listTaskTemplates(ctx: VentureContext): Promise<TaskTemplate[]> {
  return (await ctx.templates.list()).map(toTemplateView);
}

export async function createTaskTemplate(
  ctx: VentureContext,
  input: NewTemplateInput,
): Promise<TaskTemplate> {
  return toTemplateView(await ctx.templates.create(input));
}

export async function updateTaskTemplate(
  ctx: VentureContext,
  id: number,
  changes: TemplateChanges,
): Promise<TaskTemplate> {
  const template = await ctx.templates.update(id, changes);
  if (!template) throw ventureErrors.templateNotFound();
  return toTemplateView(template);
}

export async function deleteTaskTemplate(ctx: VentureContext, id: number): Promise<void> {
  if (!(await ctx.templates.delete(id))) throw ventureErrors.templateNotFound();
}
