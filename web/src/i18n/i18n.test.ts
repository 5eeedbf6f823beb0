import { afterEach, describe, expect, it } from '@jest/globals';
import { activateLanguage, currentLocale, detectLanguage, translate } from './i18n';

describe('the app’s languages', () => {
  afterEach(() => activateLanguage('en'));

  it('reads English ids as they are, placeholders filled', async () => {
    await activateLanguage('en');
    expect(translate('Save Profile')).toBe('Save Profile');
    expect(translate('Welcome back, {username}!', { username: 'Ada' })).toBe('Welcome back, Ada!');
    expect(currentLocale()).toBe('en-US');
  });

  it('loads Spanish on demand and falls back to English for a text without a translation', async () => {
    await activateLanguage('es');
    expect(translate('Save Profile')).toBe('Guardar perfil');
    expect(translate('Welcome back, {username}!', { username: 'Ada' })).toBe('¡Hola de nuevo, Ada!');
    expect(translate('A text nobody translated')).toBe('A text nobody translated');
    expect(currentLocale()).toBe('es');
  });

  it('starts in the browser’s first language it speaks, else English', () => {
    expect(detectLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(detectLanguage(['de', 'fr'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });
});
