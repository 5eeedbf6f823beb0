import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  taskGuideTranslationFileSchema,
  type TaskGuideFile,
  type TaskGuideTranslationFile,
} from '@app/contracts';
import { dump } from 'js-yaml';
import {
  GUIDES_DIR,
  GuideContentError,
  loadGuideContent,
  parseGuideTranslationFile,
  staleTranslations,
  translationProblems,
  type GuideTranslations,
} from '../src/content/guide-files.ts';

/*
 * The translations' content tests (issue 21): every guide in Spanish, each translation the same guide as its
 * English file (counts, urls, jurisdictions), made from the English's current review; and proof that each rule
 * catches what it is meant to catch.
 */

const { guides, translations } = loadGuideContent();
const spanish = translations.es;
const englishFiles = readdirSync(GUIDES_DIR).filter((name) => name.endsWith('.yaml'));

describe('the Spanish guides in content/guides/es', () => {
  it('translate every English guide (the failure lists the guides still missing)', () => {
    const missing = guides
      .filter((guide) => !spanish.has(guide.id))
      .map((guide) => `${guide.id} ${guide.title}`);
    expect(missing).toEqual([]);
  });

  it('carry the English file names, and nothing else lives in the folder', () => {
    expect(readdirSync(join(GUIDES_DIR, 'es')).sort()).toEqual(englishFiles.sort());
  });

  it('are each the same guide as the English: counts, source urls in order, jurisdictions', () => {
    const english = new Map(
      guides.map((guide, index) => [guide.id, { fileName: englishFiles[index]!, guide }]),
    );
    expect(translationProblems('es', english, spanish)).toEqual([]);
    for (const guide of guides) {
      const translation = spanish.get(guide.id)?.translation;
      if (!translation) continue;
      expect({ id: guide.id, urls: translation.sources.map((source) => source.url) }).toEqual({
        id: guide.id,
        urls: guide.sources.map((source) => source.url),
      });
    }
  });

  it('were made from the English as last reviewed (the failure names the stale guides)', () => {
    expect(staleTranslations(guides, spanish)).toEqual([]);
  });

  it('are Spanish: titles differ from the English, and the texts use the product terms', () => {
    for (const guide of guides) {
      const translation = spanish.get(guide.id)?.translation;
      if (!translation) continue;
      expect({ id: guide.id, same: translation.title === guide.title }).toEqual({
        id: guide.id,
        same: false,
      });
    }
    const all = [...spanish.values()].map(({ translation }) => JSON.stringify(translation)).join('\n');
    // The glossary of issue 21: the terms the rest of the product uses, never their alternatives.
    expect(all).not.toMatch(/\bemprendimientos? de riesgo\b|\bhoja de camino\b|\bcalendario de tareas\b/i);
    expect(all).toMatch(/hoja de ruta/);
  });
});

// ---- Each rule fails where it should ----------------------------------------------------------------------

const FILE = '01-write-a-clear-problem-statement.yaml';
const first = guides[0]!;
const translationOf = (overrides: Partial<TaskGuideTranslationFile> = {}): TaskGuideTranslationFile => ({
  ...spanish.get(1)!.translation,
  ...overrides,
});
const text = (data: object) => dump(data, { lineWidth: -1 });
const englishOf = (guide: TaskGuideFile, fileName = FILE) => new Map([[guide.id, { fileName, guide }]]);
const only = (translation: TaskGuideTranslationFile, fileName = FILE): GuideTranslations =>
  new Map([[translation.id, { fileName, translation }]]);

describe('a translation file is refused', () => {
  it('when it carries a field that is no translation (the facts stay the English file’s)', () => {
    const read = parseGuideTranslationFile(FILE, text({ ...translationOf(), stage: 'idea' }));
    expect(read.problems).toEqual([
      expect.stringMatching(/^01-write-a-clear-problem-statement\.yaml: \(the file\): .*stage/),
    ]);
  });

  it('when it lacks translatedFrom, or a required text, naming the file and the field', () => {
    const { translatedFrom: _translatedFrom, ...withoutDate } = translationOf();
    expect(parseGuideTranslationFile(FILE, text(withoutDate)).problems).toEqual([
      expect.stringMatching(/^01-write-a-clear-problem-statement\.yaml: translatedFrom: /),
    ]);
    expect(parseGuideTranslationFile(FILE, text(translationOf({ proTip: ' ' }))).problems).toEqual([
      expect.stringMatching(/: proTip: /),
    ]);
    expect(taskGuideTranslationFileSchema.safeParse(translationOf()).success).toBe(true);
  });

  it('when it has no English counterpart, another file name, other counts, urls or jurisdictions', () => {
    expect(translationProblems('es', englishOf(first), only(translationOf({ id: 77 })))).toEqual([
      "es/01-write-a-clear-problem-statement.yaml: id: 77 is no English guide's id",
    ]);
    expect(translationProblems('es', englishOf(first, '01-other.yaml'), only(translationOf()))).toEqual([
      "es/01-write-a-clear-problem-statement.yaml: the file name must be the English one's, 01-other.yaml",
    ]);
    const sourced: TaskGuideFile = {
      ...first,
      sources: [
        { title: 'IRS', url: 'https://www.irs.gov/' },
        { title: 'SEC', url: 'https://www.sec.gov/' },
      ],
      jurisdictions: { US: 'Delaware.' },
    };
    const translated = translationOf({
      practices: translationOf().practices.slice(1),
      sources: [
        { title: 'SEC', url: 'https://www.sec.gov/' },
        { title: 'IRS', url: 'https://www.irs.gov/' },
      ],
      templates: undefined,
      jurisdictions: { UK: 'Inglaterra.' },
    });
    expect(translationProblems('es', englishOf(sourced), only(translated))).toEqual([
      `es/${FILE}: practices: ${first.practices.length - 1} where the English has ${first.practices.length}`,
      `es/${FILE}: templates: 0 where the English has 1`,
      `es/${FILE}: sources.0.url: https://www.sec.gov/ where the English has https://www.irs.gov/`,
      `es/${FILE}: sources.1.url: https://www.irs.gov/ where the English has https://www.sec.gov/`,
      `es/${FILE}: jurisdictions: UK where the English has US`,
    ]);
  });

  it('as stale when the English was reviewed after the translation was made', () => {
    const reviewed = { ...first, reviewedAt: '2027-01-15' };
    expect(staleTranslations([reviewed], only(translationOf()))).toEqual([
      { id: 1, translatedFrom: translationOf().translatedFrom, reviewedAt: '2027-01-15' },
    ]);
    expect(staleTranslations([first], new Map())).toEqual([]);
  });
});

describe('loading a folder with translations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'guides-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers them by id, and a guide without one is no problem (readers get the English)', () => {
    writeFileSync(join(dir, FILE), readFileSync(join(GUIDES_DIR, FILE)));
    const loaded = loadGuideContent(dir);
    expect(loaded.guides.map((guide) => guide.id)).toEqual([1]);
    expect(loaded.translations.es.size).toBe(0);
    mkdirSync(join(dir, 'es'));
    writeFileSync(join(dir, 'es', FILE), readFileSync(join(GUIDES_DIR, 'es', FILE)));
    expect(loadGuideContent(dir).translations.es.get(1)?.translation.title).toBe(translationOf().title);
  });

  it('throws one error listing every problem of the translations, each naming the language’s file and field', () => {
    writeFileSync(join(dir, 'es', '02-second.yaml'), text(translationOf({ id: 2 })));
    writeFileSync(
      join(dir, 'es', FILE),
      text({ ...translationOf(), sources: [{ title: 'x', url: 'http://a.b/' }] }),
    );
    let error: unknown;
    try {
      loadGuideContent(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(GuideContentError);
    expect((error as GuideContentError).problems).toEqual([
      expect.stringMatching(/^es\/01-write-a-clear-problem-statement\.yaml: sources\.0\.url: /),
      "es/02-second.yaml: id: 2 is no English guide's id",
    ]);
  });
});
