import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LANGUAGES,
  taskGuideFileSchema,
  taskGuideTranslationFileSchema,
  type Language,
  type TaskGuideFile,
  type TaskGuideTranslationFile,
} from '@app/contracts';
import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';
import type { z } from 'zod';

/*
 * Issue 21: the guides are content files, one per guide (`content/guides/<id>-<slug>.yaml`), validated by the
 * contracts' schema, and their translations (`content/guides/<language>/`, the English file names), holding
 * only the text a reader sees. The service loads them once, at start; any problem stops the start with a message naming
 * the file and the field.
 */

/** Where the service's guides live (the Dockerfile copies `services/`, so the image has them too). */
export const GUIDES_DIR = fileURLToPath(new URL('../../content/guides/', import.meta.url));

const FILE_NAME = /^(\d+)-[a-z0-9]+(?:-[a-z0-9]+)*\.yaml$/;

export class GuideContentError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`invalid task guide content:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'GuideContentError';
    this.problems = problems;
  }
}

function fieldOf(path: ReadonlyArray<PropertyKey>): string {
  return path.length === 0 ? '(the file)' : path.map(String).join('.');
}

/** Reads one file's text against a schema; answers the data or the problems, each naming the file and the field. */
function parseContentFile<T extends { id: number }>(
  schema: z.ZodType<T>,
  fileName: string,
  text: string,
): { guide: T; problems: [] } | { guide: null; problems: string[] } {
  const name = FILE_NAME.exec(fileName);
  if (!name) return { guide: null, problems: [`${fileName}: the file name must be <id>-<slug>.yaml`] };
  let data: unknown;
  try {
    // js-yaml rather than \`yaml\`: the same YAML 1.2 core schema (dates stay text, duplicate keys refused) for a
    // third of the memory the service keeps after reading the guides at start (issue 22).
    data = load(text, { schema: CORE_SCHEMA });
  } catch (err) {
    const reason = err instanceof YAMLException ? err.message.split('\n')[0] : String(err);
    return { guide: null, problems: [`${fileName}: not valid YAML: ${reason}`] };
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    return {
      guide: null,
      problems: result.error.issues.map((issue) => `${fileName}: ${fieldOf(issue.path)}: ${issue.message}`),
    };
  }
  if (result.data.id !== Number(name[1])) {
    return {
      guide: null,
      problems: [`${fileName}: id: ${result.data.id} does not match the file name's ${Number(name[1])}`],
    };
  }
  return { guide: result.data, problems: [] };
}

/** Reads and checks one guide file's text; answers the guide or the problems, each naming the file and the field. */
export function parseGuideFile(
  fileName: string,
  text: string,
): { guide: TaskGuideFile; problems: [] } | { guide: null; problems: string[] } {
  return parseContentFile(taskGuideFileSchema, fileName, text);
}

/** Reads and checks one translation file's text, like `parseGuideFile`. */
export function parseGuideTranslationFile(
  fileName: string,
  text: string,
): { guide: TaskGuideTranslationFile; problems: [] } | { guide: null; problems: string[] } {
  return parseContentFile(taskGuideTranslationFileSchema, fileName, text);
}

/**
 * The rules that span guides: ids unique, prerequisites naming existing guides (never the guide itself), and
 * no cycle. Problems name the guide's id and the field.
 */
export function guideSetProblems(guides: readonly TaskGuideFile[]): string[] {
  const problems: string[] = [];
  const byId = new Map<number, TaskGuideFile>();
  for (const guide of guides) {
    if (byId.has(guide.id)) problems.push(`guide ${guide.id}: id: used by two files`);
    byId.set(guide.id, guide);
  }
  for (const guide of guides) {
    if (new Set(guide.prerequisites).size !== guide.prerequisites.length)
      problems.push(`guide ${guide.id}: prerequisites: an id is listed twice`);
    for (const prerequisite of guide.prerequisites) {
      if (!byId.has(prerequisite))
        problems.push(`guide ${guide.id}: prerequisites: ${prerequisite} is no guide's id`);
    }
  }
  // Depth-first search; a grey node met again closes a cycle.
  const state = new Map<number, 'grey' | 'black'>();
  const path: number[] = [];
  const visit = (id: number): void => {
    state.set(id, 'grey');
    path.push(id);
    for (const next of byId.get(id)?.prerequisites ?? []) {
      if (!byId.has(next)) continue;
      if (state.get(next) === 'grey') {
        const cycle = [...path.slice(path.indexOf(next)), next];
        problems.push(`guide ${id}: prerequisites: cycle ${cycle.join(' → ')}`);
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(id, 'black');
  };
  for (const id of [...byId.keys()].sort((a, b) => a - b)) if (!state.has(id)) visit(id);
  return problems;
}

/** The YAML files of a folder (sub-folders, the translations, and dot files left out), sorted by name. */
function contentFileNames(dir: string, what: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => !name.startsWith('.') && statSync(join(dir, name)).isFile())
      .sort();
  } catch (err) {
    throw new GuideContentError([`${dir}: cannot read the ${what} folder: ${(err as Error).message}`]);
  }
}

/** Loads every guide file of `dir`, ordered by id; throws a GuideContentError listing every problem found. */
export function loadGuideFiles(dir: string = GUIDES_DIR): TaskGuideFile[] {
  return loadGuideContent(dir, []).guides;
}

/** The languages guides are translated into: every product language but English, the guides' own. */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter(
  (language): language is Exclude<Language, 'en'> => language !== 'en',
);
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** One language's translations: by guide id, with the file each came from. */
export type GuideTranslations = Map<number, { fileName: string; translation: TaskGuideTranslationFile }>;

/**
 * The rules that tie a translation to its English guide, so a reader sees the same guide in every language:
 * an English counterpart with the same id and file name, as many practices, sources and templates, the same
 * source urls in the same order and notes for the same jurisdictions. Problems name the language's file.
 */
export function translationProblems(
  language: TranslatedLanguage,
  english: ReadonlyMap<number, { fileName: string; guide: TaskGuideFile }>,
  translations: GuideTranslations,
): string[] {
  const problems: string[] = [];
  const count = (items: readonly unknown[] | undefined) => items?.length ?? 0;
  for (const [id, { fileName, translation }] of translations) {
    const file = `${language}/${fileName}`;
    const counterpart = english.get(id);
    if (!counterpart) {
      problems.push(`${file}: id: ${id} is no English guide's id`);
      continue;
    }
    const { guide } = counterpart;
    if (counterpart.fileName !== fileName)
      problems.push(`${file}: the file name must be the English one's, ${counterpart.fileName}`);
    for (const field of ['practices', 'sources', 'templates'] as const) {
      if (count(translation[field]) !== count(guide[field]))
        problems.push(
          `${file}: ${field}: ${count(translation[field])} where the English has ${count(guide[field])}`,
        );
    }
    guide.sources.forEach((source, index) => {
      const url = translation.sources[index]?.url;
      if (url !== undefined && url !== source.url)
        problems.push(`${file}: sources.${index}.url: ${url} where the English has ${source.url}`);
    });
    const keys = (notes: object | undefined) =>
      Object.keys(notes ?? {})
        .sort()
        .join(', ') || 'none';
    if (keys(translation.jurisdictions) !== keys(guide.jurisdictions))
      problems.push(
        `${file}: jurisdictions: ${keys(translation.jurisdictions)} where the English has ${keys(guide.jurisdictions)}`,
      );
  }
  return problems;
}

/** The guides whose translation was made from an earlier review of the English (`translatedFrom` ≠ `reviewedAt`). */
export function staleTranslations(
  guides: readonly TaskGuideFile[],
  translations: GuideTranslations,
): Array<{ id: number; translatedFrom: string; reviewedAt: string }> {
  return guides.flatMap((guide) => {
    const translated = translations.get(guide.id)?.translation;
    return translated && translated.translatedFrom !== guide.reviewedAt
      ? [{ id: guide.id, translatedFrom: translated.translatedFrom, reviewedAt: guide.reviewedAt }]
      : [];
  });
}

/**
 * Loads the English guides of `dir` and their translations (`dir/<language>/`, a missing folder meaning none
 * yet); throws a GuideContentError listing every problem found. A guide without a translation is no problem
 * here (readers get the English), nor is a stale one: the content tests report both.
 */
export function loadGuideContent(
  dir: string = GUIDES_DIR,
  languages: readonly TranslatedLanguage[] = TRANSLATED_LANGUAGES,
): { guides: TaskGuideFile[]; translations: Record<TranslatedLanguage, GuideTranslations> } {
  const problems: string[] = [];
  const english = new Map<number, { fileName: string; guide: TaskGuideFile }>();
  const guides: TaskGuideFile[] = [];
  for (const fileName of contentFileNames(dir, 'guides')) {
    const read = parseGuideFile(fileName, readFileSync(join(dir, fileName), 'utf8'));
    if (read.guide) {
      guides.push(read.guide);
      english.set(read.guide.id, { fileName, guide: read.guide });
    }
    problems.push(...read.problems);
  }
  if (guides.length === 0 && problems.length === 0) problems.push(`${dir}: no guide files`);
  problems.push(...guideSetProblems(guides));

  const translations = Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => [language, new Map()]),
  ) as Record<TranslatedLanguage, GuideTranslations>;
  for (const language of languages) {
    const languageDir = join(dir, language);
    if (!statSync(languageDir, { throwIfNoEntry: false })?.isDirectory()) continue;
    const loaded = translations[language];
    for (const fileName of contentFileNames(languageDir, `${language} guides`)) {
      const read = parseGuideTranslationFile(fileName, readFileSync(join(languageDir, fileName), 'utf8'));
      if (!read.guide) problems.push(...read.problems.map((problem) => `${language}/${problem}`));
      else if (loaded.has(read.guide.id)) problems.push(`${language}/${fileName}: id: used by two files`);
      else loaded.set(read.guide.id, { fileName, translation: read.guide });
    }
    problems.push(...translationProblems(language, english, loaded));
  }
  if (problems.length > 0) throw new GuideContentError(problems);
  return { guides: guides.sort((a, b) => a.id - b.id), translations };
}
