import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  argumentsOf,
  catalogueFileText,
  COMPILED_DIR,
  compileCatalogues,
  compiledEnglish,
  extractIds,
  readSpanishSource,
} from './catalogues.ts';
import { collectServerMessages, serverMessagesIn } from './server-messages.ts';

describe('the message catalogues (issue 21)', () => {
  const compiled = compileCatalogues();

  it('have no conflicting translations, ICU errors or placeholder mismatches', () => {
    expect(compiled.problems).toEqual([]);
  });

  it('give every text of the app a Spanish translation (the list names those missing)', () => {
    expect(compiled.missing).toEqual([]);
  });

  it('give every message the services and contracts write a Spanish translation (the list names those missing)', () => {
    const spanish = readSpanishSource().messages;
    const missing = [...collectServerMessages()].filter(([message]) => !spanish.has(message));
    expect(missing.map(([message, file]) => `${file}: "${message}"`)).toEqual([]);
  });

  it('are compiled as the source says (run `npm run i18n -w web` after changing a text)', () => {
    expect(readFileSync(join(COMPILED_DIR, 'es.json'), 'utf8')).toBe(catalogueFileText(compiled.es));
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

  it('compiles only the English messages that need it (placeholders, plurals)', () => {
    expect(
      compiledEnglish([
        'Save',
        'Hello {name}',
        "Don't stop",
        '{count, plural, one {# task} other {# tasks}}',
      ]),
    ).toEqual({
      'Hello {name}': ['Hello ', ['name']],
      '{count, plural, one {# task} other {# tasks}}': [
        ['count', 'plural', { one: ['#', ' task'], other: ['#', ' tasks'] }],
      ],
    });
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

describe('serverMessagesIn', () => {
  it('finds AppError messages, zod rule messages and message properties, not codes or templates', () => {
    const source = [
      "throw new AppError('AUTH.X', 400, 'Current password is incorrect');",
      "AppError.notFound('Task not found', 'TASK.NOT_FOUND');",
      "z.string().min(1, 'Please enter a task title');",
      "const body = { message: 'Thank you for your message!' };",
      "new AppError('AUTH.Y', 400, `Too long: ${max}`);",
      "const code = { message: 'AUTH.INVALID' };",
    ].join('\n');
    expect(serverMessagesIn('x.ts', source)).toEqual([
      'Current password is incorrect',
      'Task not found',
      'Please enter a task title',
      'Thank you for your message!',
    ]);
  });
});
