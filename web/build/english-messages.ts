/**
 * Issue 21: the English messages that need compiling (a placeholder, a plural) travel with the module that
 * uses them. This build plugin appends to each module of web/src the compiled form of its own such messages,
 * registered with the app's Lingui instance when the module loads; so a page's chunk carries exactly its
 * English messages, and the landing page pays only for its own (issue 22's budget). Plain texts need nothing:
 * they read as their id. Spanish is one catalogue, loaded by those who read it (src/i18n/compiled/es.json).
 * Outside the build (unit tests, the dev server's first render), Lingui compiles messages as they are used.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { compiledEnglish, extractIds } from './catalogues.ts';

const I18N_MODULE = fileURLToPath(new URL('../src/i18n/i18n.ts', import.meta.url));
const SOURCE = /[\\/]web[\\/]src[\\/].+\.tsx?$/;
const NOT_APP_CODE = /\.(test|spec)\.tsx?$|[\\/]testing[\\/]/;

/** The code appended to a module: its compiled English messages, or null when it has none. */
export function englishMessagesCode(fileName: string, code: string): string | null {
  const messages = compiledEnglish(extractIds(fileName, code).map(({ id }) => id));
  if (Object.keys(messages).length === 0) return null;
  return [
    `import { i18n as __appI18n } from ${JSON.stringify(I18N_MODULE)};`,
    `__appI18n.load('en', ${JSON.stringify(messages)});`,
  ].join('\n');
}

export function englishMessages(): Plugin {
  return {
    name: 'venture-roadmap:english-messages',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SOURCE.test(file) || NOT_APP_CODE.test(file) || file === I18N_MODULE) return null;
      const appended = englishMessagesCode(file, code);
      // Appending moves no code: the module's source map stays valid (null keeps it).
      return appended === null ? null : { code: `${code}\n${appended}\n`, map: null };
    },
  };
}
