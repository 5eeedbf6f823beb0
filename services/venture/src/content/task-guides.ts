/**
 * The 50 built-in task guides of the roadmap (spec: ids 1-50 in five categories by id range), read from their
 * content files (`content/guides/*.yaml`, issue 21) when this module loads: at the service's start, which a bad
 * file stops with a message naming the file and the field. Master task templates are seeded from them
 * (`seed-task-templates.ts`); venture tasks link back by `taskId`. Their translations
 * (`content/guides/<language>/`) are read at the same time; a guide without one is answered in English.
 */

import {
  LANGUAGES,
  type Language,
  type TaskGuide,
  type TaskGuideFile,
  type TaskGuideTranslationFile,
} from '@app/contracts';
import { loadGuideContent } from './guide-files.ts';

// The categories and a guide's shape are the contracts' (`GET /api/task-guides` answers these guides).
export { TASK_CATEGORIES, type TaskCategory, type TaskGuide } from '@app/contracts';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * A guide file as the API answers it: the original fields first, then the content file's others. With a
 * translation, its text replaces the English; the facts (category, prerequisites, effort, stage, the sources'
 * urls, the review date) stay the English file's, which the content tests keep in step with it.
 */
export function toTaskGuide(file: TaskGuideFile, translation?: TaskGuideTranslationFile): TaskGuide {
  const text = translation ?? file;
  return {
    id: file.id,
    title: text.title,
    category: file.category,
    summary: text.summary,
    why: text.why,
    practices: [...text.practices],
    proTip: text.proTip,
    prerequisites: [...file.prerequisites],
    effort: { ...file.effort },
    stage: file.stage,
    ...(text.jurisdictions ? { jurisdictions: { ...text.jurisdictions } } : {}),
    sources: file.sources.map((source, index) => ({
      ...source,
      title: text.sources[index]?.title ?? source.title,
    })),
    ...(text.templates ? { templates: text.templates.map((template) => ({ ...template })) } : {}),
    reviewedAt: file.reviewedAt,
  };
}

const content = loadGuideContent();

/** All guides in English, ordered by id. Frozen all the way down: consumers must copy before changing anything. */
export const TASK_GUIDES: readonly TaskGuide[] = deepFreeze(content.guides.map((file) => toTaskGuide(file)));

/** One value per product language, made by `make` (for tables kept per language). */
export function perLanguage<T>(make: (language: Language) => T): Record<Language, T> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, make(language)])) as Record<Language, T>;
}

/** Per language, every guide: translated where a translation exists, else the English guide itself. */
const guidesByLanguage = perLanguage((language): readonly TaskGuide[] => {
  if (language === 'en') return TASK_GUIDES;
  return deepFreeze(
    content.guides.map((file, index) => {
      const translation = content.translations[language].get(file.id)?.translation;
      return translation ? toTaskGuide(file, translation) : TASK_GUIDES[index]!;
    }),
  );
});

const guidesById = perLanguage(
  (language): ReadonlyMap<number, TaskGuide> =>
    new Map(guidesByLanguage[language].map((guide) => [guide.id, guide])),
);

/** Every guide in `language` (English where a guide has no translation), ordered by id. */
export function taskGuidesIn(language: Language): readonly TaskGuide[] {
  return guidesByLanguage[language];
}

/** The guide of a task id (in `language`, English by default, and where it has no translation), or undefined. */
export function findTaskGuide(id: number, language: Language = 'en'): TaskGuide | undefined {
  return guidesById[language].get(id);
}

/**
 * A task's text in `language`. A standard task's title and description are the guide's title and summary in
 * that language, but only where they are still the English guide's: a title an administrator or an
 * organization template changed is their text, and stays as written in every language. English, custom tasks
 * and guides without a translation answer the task itself (the same object, so English stays byte-identical).
 */
export function taskTextIn<T extends { taskId: number; title: string; description?: string }>(
  language: Language,
  task: T,
): T {
  const english = guidesById.en.get(task.taskId);
  const local = guidesById[language].get(task.taskId);
  if (!english || !local || local === english) return task;
  const title = task.title === english.title ? local.title : task.title;
  const description = task.description === english.summary ? local.summary : task.description;
  return title === task.title && description === task.description ? task : { ...task, title, description };
}

/**
 * Issue 21: the Spanish title events carry beside the English one (`taskTitleEs`), for the mailer's Spanish
 * recipients: only for a standard task whose title is still the guide's and which has a translation.
 */
export function spanishTitleOf(task: { taskId: number; title: string }): { taskTitleEs?: string } {
  const spanish = taskTextIn('es', { taskId: task.taskId, title: task.title }).title;
  return spanish !== task.title ? { taskTitleEs: spanish } : {};
}
