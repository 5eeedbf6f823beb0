import type { ReactNode } from 'react';
import { Seo } from '../../components/seo';
import type { SeoOptions } from '../../components/seo-tags';
import { currentLocale, useT } from '../../i18n/i18n';
import './legal.css';

/** The day the legal texts were last changed ('YYYY-MM-DD'); change it with them. */
export const LEGAL_UPDATED = '2026-11-25';

/** The day in the reader's language ("November 25, 2026", "25 de noviembre de 2026"). */
export function legalUpdatedText(): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${LEGAL_UPDATED}T00:00:00Z`),
  );
}

/** The frame of a legal page: its title, when it last changed, and its sections. */
export function LegalPage({ seo, title, children }: { seo: SeoOptions; title: string; children: ReactNode }) {
  const t = useT();
  return (
    <article className="legal-page" aria-labelledby="legal-title">
      <Seo {...seo} />
      <h1 id="legal-title">{title}</h1>
      <p className="legal-page__updated">{t('Last updated: {date}', { date: legalUpdatedText() })}</p>
      {children}
    </article>
  );
}
