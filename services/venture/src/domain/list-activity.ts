import type { ActivityPage, Language } from '@app/contracts';
import { taskTextIn } from '../content/task-guides.ts';
import { ventureFor } from './access.ts';
import type { ActivityRecord, VentureContext } from './venture.ts';

export function toActivityView(entry: ActivityRecord): ActivityPage['entries'][number] {
  return { ...entry, at: entry.at.toISOString() } as ActivityPage['entries'][number];
}

/**
 * Any member: the venture's history, newest first, a page at a time. History keeps the title a task had when
 * it happened; issue 21: where that is a standard task's English guide title, it is shown in `language`.
 */
export async function listActivity(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
  query: { cursor?: string | undefined; limit: number },
  language: Language = 'en',
): Promise<ActivityPage> {
  const { venture } = await ventureFor(ctx, userId, ventureId, 'view');
  const page = await ctx.activity.page(ventureId, {
    ...(query.cursor ? { cursor: query.cursor } : {}),
    limit: query.limit,
  });
  const entries = page.entries.map(toActivityView);
  if (language === 'en') return { entries, nextCursor: page.nextCursor };
  // Entries name the venture's task by its own id; its template id says which guide it follows.
  const templateIdOf = new Map(venture.tasks.map((task) => [task.id, task.taskId]));
  return {
    entries: entries.map((entry) => {
      const details = entry.details as { taskId?: unknown; taskTitle?: unknown };
      const templateId = typeof details.taskId === 'string' ? templateIdOf.get(details.taskId) : undefined;
      if (templateId === undefined || typeof details.taskTitle !== 'string') return entry;
      const title = taskTextIn(language, { taskId: templateId, title: details.taskTitle }).title;
      return title === details.taskTitle
        ? entry
        : ({ ...entry, details: { ...details, taskTitle: title } } as typeof entry);
    }),
    nextCursor: page.nextCursor,
  };
}
