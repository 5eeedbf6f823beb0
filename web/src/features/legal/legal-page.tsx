import type { ReactNode } from 'react';
import { Seo } from '../../components/seo';
import type { SeoOptions } from '../../components/seo-tags';
import './legal.css';

/** The date the legal texts were last changed; change it with them. */
export const LEGAL_UPDATED = 'November 25, 2026';

/** The frame of a legal page: its title, when it last changed, and its sections. */
export function LegalPage({ seo, title, children }: { seo: SeoOptions; title: string; children: ReactNode }) {
  return (
    <article className="legal-page" aria-labelledby="legal-title">
      <Seo {...seo} />
      <h1 id="legal-title">{title}</h1>
      <p className="legal-page__updated">Last updated: {LEGAL_UPDATED}</p>
      {children}
    </article>
  );
}
