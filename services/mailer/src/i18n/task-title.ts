import type { Translator } from './translator.ts';

/**
 * The title of a task as a recipient reads it: the event's `taskTitleEs` (a standard task's title from its
 * Spanish guide) for a Spanish recipient when the event carries one, else `taskTitle` (custom or renamed
 * tasks, events from before issue 21, English recipients).
 */
export function taskTitleFor(tr: Translator, data: { taskTitle: string; taskTitleEs?: string }): string {
  return tr.language === 'es' && data.taskTitleEs ? data.taskTitleEs : data.taskTitle;
}
