import type { Translator } from './translator.ts';

/**
 * The title of a task as a recipient reads it: the guide's Spanish title for a Spanish recipient when the
 * event carries one (`taskTitleEs`, added to the task events by the Spanish guides work; events without it
 * and custom tasks keep `taskTitle`). Typed by shape, so it reads the field wherever an event has it.
 */
export function taskTitleFor(tr: Translator, data: { taskTitle: string; taskTitleEs?: unknown }): string {
  return tr.language === 'es' && typeof data.taskTitleEs === 'string' && data.taskTitleEs.trim() !== ''
    ? data.taskTitleEs
    : data.taskTitle;
}
