import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  argumentsOf,
  catalogueFileText,
  COMPILED_DIR,
  compileCatalogues,
  extractIds,
  readSpanishSource,
} from './catalogues.ts';

describe('the message catalogues (issue 21)', () => {
  const compiled = compileCatalogues();

  it('have no conflicting translations, ICU errors or placeholder mismatches', () => {
    expect(compiled.problems).toEqual([]);
  });

  it('give every text of the app a Spanish translation (the list names those missing)', () => {
    expect(compiled.missing).toEqual([]);
  });

  it('are compiled as the source says (run `npm run i18n -w web` after changing a text)', () => {
    for (const language of ['en', 'es'] as const) {
      expect(readFileSync(join(COMPILED_DIR, `${language}.json`), 'utf8')).toBe(
        catalogueFileText(compiled[language]),
      );
    }
  });

  it('hold no Spanish text that is the English unchanged, except names that read the same', () => {
    const same = [...readSpanishSource().messages].filter(
      ([id, translation]) => id === translation && /[a-z]{3,} [a-z]{3,}/.test(id),
    );
    expect(same).toEqual([]);
  });
});

describe('extractIds', () => {
  it('finds ids in t, msg, translate, i18n._ and <Trans id>, literal first arguments only', () => {
    const text = [
      "const label = msg('Saved');",
      "function A() { const t = useT(); return <p title={t('Hello {name}', { name })}>{t(label)}</p>; }",
      'translate(`Plain template`);',
      "i18n._('Direct');",
      '<Trans id="Read the <0>terms</0>" components={{ 0: <a /> }} />;',
      "other('Not a message');",
    ].join('\n');
    expect(extractIds('x.tsx', text).map(({ id }) => id)).toEqual([
      'Saved',
      'Hello {name}',
      'Plain template',
      'Direct',
      'Read the <0>terms</0>',
    ]);
  });

  it('names a message’s arguments, plurals included', () => {
    const { es } = compileCatalogues(
      new Map([['{count, plural, one {# task left for {name}} other {# tasks left for {name}}}', 'x.ts:1']]),
      {
        messages: new Map([
          [
            '{count, plural, one {# task left for {name}} other {# tasks left for {name}}}',
            '{count, plural, one {Queda # tarea para {name}} other {Quedan # tareas para {name}}}',
          ],
        ]),
        conflicts: [],
      },
    );
    expect(argumentsOf(Object.values(es)[0]!)).toEqual(['count', 'name']);
  });

  it('reports a translation whose placeholders differ from the English', () => {
    const { problems } = compileCatalogues(new Map([['Hello {name}', 'x.ts:1']]), {
      messages: new Map([['Hello {name}', 'Hola {nombre}']]),
      conflicts: [],
    });
    expect(problems).toEqual(['es "Hello {name}": placeholders {nombre} differ from the English {name}']);
  });
});
