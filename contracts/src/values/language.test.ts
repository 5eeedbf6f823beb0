import { isLanguage, languageFromAcceptLanguage, prerenderedFileIn } from './language.ts';

describe('languageFromAcceptLanguage', () => {
  it('answers English without a header or for unsupported languages', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('')).toBe('en');
    expect(languageFromAcceptLanguage('fr-FR,fr;q=0.9,de;q=0.8')).toBe('en');
  });

  it('takes the first supported language by quality, regional tags counting as their language', () => {
    expect(languageFromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromAcceptLanguage('fr;q=0.9,es;q=0.5,en;q=0.4')).toBe('es');
    expect(languageFromAcceptLanguage('en;q=0.3,es;q=0.7')).toBe('es');
    expect(languageFromAcceptLanguage('es;q=0,en')).toBe('en');
    expect(languageFromAcceptLanguage('EN-us')).toBe('en');
  });

  it('knows the supported languages only', () => {
    expect(isLanguage('es')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});

describe('prerenderedFileIn', () => {
  it("puts the language before .html, English keeping the file's name", () => {
    expect(prerenderedFileIn('index.html', 'en')).toBe('index.html');
    expect(prerenderedFileIn('index.html', 'es')).toBe('index.es.html');
    expect(prerenderedFileIn('reason=expired.html', 'es')).toBe('reason=expired.es.html');
    expect(() => prerenderedFileIn('index.js', 'es')).toThrow('not an HTML file');
  });
});
