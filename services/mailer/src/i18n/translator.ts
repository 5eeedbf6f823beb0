import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, type Language } from '@app/contracts';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/*
 * Issue 21: e-mails in the recipient's language, through Lingui. Message ids are the English texts (ICU
 * MessageFormat), so English e-mails are the ids themselves, byte for byte as before; the Spanish
 * catalogue (`es.json`, English → Spanish) is compiled once at load. One Lingui instance per language,
 * never a global active locale: e-mails of several languages are composed at the same time.
 */

/** What a message interpolates: texts (user text is never translated) and numbers (plural choices). */
export type MessageValues = Readonly<Record<string, string | number>>;

export interface Translator {
  language: Language;
  /** The message `id` (its English text) in this language, with `values` in its placeholders. */
  t(id: string, values?: MessageValues): string;
  /** A count or a percentage as this language writes it. */
  number(value: number): string;
  /** An instant (ISO 8601), in UTC, as a link's expiry states it. */
  instant(iso: string): string;
  /** A calendar date ('YYYY-MM-DD') written out with its weekday: 'Thursday, 11 March 2027'. */
  longDate(date: string): string;
  /** A calendar date ('YYYY-MM-DD') as a subject or heading names a day or a week. */
  day(date: string): string;
}

/** The Spanish catalogue, English id → Spanish text (read once; `test/catalogue.test.ts` checks it). */
export const SPANISH_CATALOGUE: Readonly<Record<string, string>> = JSON.parse(
  readFileSync(new URL('./es.json', import.meta.url), 'utf8'),
) as Record<string, string>;

function instance(language: Language, catalogue: Readonly<Record<string, string>>): I18n {
  const messages = Object.fromEntries(
    Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)]),
  );
  const i18n = setupI18n({
    locale: language,
    locales: [LANGUAGE_LOCALES[language]],
    messages: { [language]: messages },
  });
  // Ids without a translation (every English one) are compiled when first used.
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

/** A calendar date at midnight UTC: no zone shifts it. */
const calendar = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * English keeps the formats its e-mails always had (byte-identical): `toUTCString()` for an expiry, en-GB
 * for a written-out date, ISO days, plain numbers. Spanish uses its locale (`LANGUAGE_LOCALES.es`).
 */
const ENGLISH_FORMATS = {
  number: (value: number) => String(value),
  instant: (iso: string) => new Date(iso).toUTCString(),
  longDate: (date: string) =>
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(calendar(date)),
  day: (date: string) => date,
};

function localeFormats(locale: string): typeof ENGLISH_FORMATS {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const instants = new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const longDates = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const days = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    number: (value) => numbers.format(value),
    instant: (iso) => `${instants.format(new Date(iso))} (UTC)`,
    longDate: (date) => longDates.format(calendar(date)),
    day: (date) => days.format(calendar(date)),
  };
}

function translator(language: Language, catalogue: Readonly<Record<string, string>>): Translator {
  const i18n = instance(language, catalogue);
  const formats = language === 'en' ? ENGLISH_FORMATS : localeFormats(LANGUAGE_LOCALES[language]);
  return { language, t: (id, values) => i18n._(id, values), ...formats };
}

const TRANSLATORS: Readonly<Record<Language, Translator>> = {
  en: translator('en', {}),
  es: translator('es', SPANISH_CATALOGUE),
};

/** The translator of a language; absent (events and copies from before issue 21) is English. */
export function translatorFor(language: Language | undefined): Translator {
  return TRANSLATORS[language ?? DEFAULT_LANGUAGE];
}

/** The sign-off every e-mail's text ends with. */
export function sign(tr: Translator, lines: readonly string[]): string {
  return [...lines, '', tr.t('— The Venture Roadmap team')].join('\n');
}
