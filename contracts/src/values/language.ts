// Issue 21: the product's languages. Zod-free: the web app, the services and the mailer share them.

/** The languages the product speaks, English first (the default, and the fallback of every text). */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the language picker shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', es: 'Español' };

/** The BCP 47 locale dates and numbers are formatted in, per language. */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', es: 'es' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first supported language of an `Accept-Language` header (quality values honoured, `es-MX` counts as
 * `es`), or the default. Requests without the header, and browsers asking only for other languages, get English.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        primary: tag.trim().toLowerCase().split('-')[0] ?? '',
        quality: Number.isNaN(quality) ? 0 : quality,
        index,
      };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map(({ primary }) => primary).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * The pre-rendered file of a page in a language: the English file's name (`index.html`, `reason=expired.html`)
 * with the language before `.html` (`index.es.html`); English keeps its name. The web build writes them, the
 * gateway serves them.
 */
export function prerenderedFileIn(fileName: string, language: Language): string {
  if (!fileName.endsWith('.html')) throw new Error(`${fileName} is not an HTML file`);
  return language === DEFAULT_LANGUAGE ? fileName : `${fileName.slice(0, -'.html'.length)}.${language}.html`;
}
