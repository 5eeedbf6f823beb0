/**
 * Issue 21: the web app's two languages, through Lingui (`@lingui/core`, ICU MessageFormat). Message ids are
 * the English texts themselves, so English is what the code says, byte for byte, and the Spanish catalogue maps
 * each English text to its translation. Catalogues are compiled ahead of time (`npm run i18n -w web`, see
 * scripts/compile-catalogues.ts): the browser never loads a message compiler, and English costs nothing beyond
 * the few messages with placeholders or plurals. Spanish is a chunk of its own, loaded only by those who read it.
 *
 * (i18next with react-i18next would cost 19 kB gzip on every page; Lingui's runtime costs 2.5 kB, which is what
 * the landing page's budget of issue 22 leaves.)
 */
import { setupI18n, type Messages } from '@lingui/core';
import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_LOCALES, type Language } from '@app/contracts';

/** Values for a message's placeholders (`{name}`) and plurals (`{count, plural, …}`). */
export type MessageValues = Record<string, unknown>;

/** Translates an English text (an id) into the active language, placeholders filled. */
export type Translate = (id: string, values?: MessageValues) => string;

/** Where the visitor's choice is kept between visits (the signed-in user's choice lives on their account). */
const STORAGE_KEY = 'vr.language';

/**
 * The app's one instance. In the build, each module registers the English messages it compiles
 * (build/english-messages.ts) and a text without an entry (a plain text, or one without a translation) reads as
 * its English id. Elsewhere (unit tests, the dev server) Lingui compiles messages as they are used.
 */
export const i18n = setupI18n({
  locale: DEFAULT_LANGUAGE,
  messages: { [DEFAULT_LANGUAGE]: {} },
  ...(process.env.NODE_ENV === 'production' ? { missing: (_language: string, id: string) => id } : {}),
});

/** The languages whose catalogue is loaded (English comes with the app). */
const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => Promise.resolve({ default: {} }),
  es: () => import('./compiled/es.json') as Promise<{ default: Messages }>,
};

/**
 * Marks a text for translation where it is defined (a table of labels, a constant) and translated where it is
 * shown (`t(label)`); answers the text itself. The catalogue tooling finds the ids in `msg('…')` calls.
 */
export function msg(id: string): string {
  return id;
}

/** Translates in the active language, outside React (a toast from a mutation's callback, a date label). */
export const translate: Translate = (id, values) => i18n._(id, values);

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

const activeLocale = () => i18n.locale;

/** The active language, and a re-render when it changes. */
export function useLanguage(): Language {
  const locale = useSyncExternalStore(subscribe, activeLocale, activeLocale);
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}

/**
 * The translate function of a component: the component renders again when the language changes, and the
 * function is a new one then (so memoised values that depend on it follow). No provider is needed.
 */
export function useT(): Translate {
  const language = useLanguage();
  return useMemo<Translate>(() => (id, values) => i18n._(id, values), [language]);
}

/** The active language. */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** The locale dates and numbers are formatted in (`en-US` for English, as the spec's formats are American). */
export function currentLocale(): string {
  return LANGUAGE_LOCALES[currentLanguage()];
}

function storedLanguage(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language to start in: the visitor's last choice, else the browser's first language we speak, else English. */
export function detectLanguage(
  browserLanguages: readonly string[] = globalThis.navigator?.languages ?? [],
): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

const listeners = new Set<(language: Language) => void>();

/** Calls back after each change of language (the antd locale follows it); answers the unsubscribe. */
export function onLanguageChange(listener: (language: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Switches the app to a language: loads its catalogue first (Spanish is a chunk of its own), then every
 * component using `useT` renders again. Marks the document's language for screen readers, search engines and
 * hyphenation, and remembers a choice (`remember`: the account's language, the picker) for the next visit;
 * the language the app merely starts in is not a choice, so a browser set to another language later is heard.
 */
export async function activateLanguage(language: Language, remember = true): Promise<void> {
  if (!loaded.has(language)) {
    const { default: messages } = await loaders[language]();
    i18n.load(language, messages);
    loaded.add(language);
  }
  if (remember) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, language);
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (i18n.locale === language) return;
  i18n.activate(language);
  for (const listener of listeners) listener(language);
}
