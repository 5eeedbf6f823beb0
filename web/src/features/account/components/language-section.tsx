import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language } from '@app/contracts';
import { Select } from 'antd';
import { useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useUpdateLanguage } from '../api/update-language';

interface LanguageSectionProps {
  language: Language | undefined;
}

/**
 * Issue 21: the language of the app and of the user's e-mails. Each language is named in itself (and marked
 * as such for screen readers), so a user who landed in the wrong one still finds theirs.
 */
export function LanguageSection({ language = DEFAULT_LANGUAGE }: LanguageSectionProps) {
  const t = useT();
  const notify = useNotify();
  const update = useUpdateLanguage();

  const change = (next: Language) => {
    if (next === language || update.isPending) return;
    update.mutate(next, {
      onSuccess: () => notify.success({ title: t('Language updated') }),
      onError: (error) =>
        notify.error({
          title: t('Error updating language'),
          description: failureText(error, t('There was an error updating your language')),
        }),
    });
  };

  return (
    <section className="account-card" aria-labelledby="language-heading">
      <h2 id="language-heading" className="account-card__title">
        {t('Language')}
      </h2>
      <p className="account-card__hint" id="language-hint">
        {t('The language of the app and of the e-mails we send you.')}
      </p>
      <Select<Language>
        value={update.isPending && update.variables ? update.variables : language}
        onChange={change}
        loading={update.isPending}
        disabled={update.isPending}
        aria-labelledby="language-heading"
        aria-describedby="language-hint"
        data-testid="language-select"
        className="account-language"
        options={LANGUAGES.map((value) => ({
          value,
          label: <span lang={value}>{LANGUAGE_NAMES[value]}</span>,
        }))}
      />
    </section>
  );
}
