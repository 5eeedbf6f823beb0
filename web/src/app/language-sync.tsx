import { useEffect } from 'react';
import { useSessionUser } from '../entities/session-user/get-session-user';
import { activateLanguage, currentLanguage } from '../i18n/i18n';

/**
 * Issue 21: a signed-in user reads the app in the language of their account (set on the account page), on any
 * device; the choice is remembered for their next visit signed out too.
 */
export function LanguageSync() {
  const { data: user } = useSessionUser();
  const language = user?.language;
  useEffect(() => {
    if (language && language !== currentLanguage()) void activateLanguage(language);
  }, [language]);
  return null;
}
