// What a task's guide shows around the server's texts (which come in the reader's language already).
import type { TaskGuide } from '@app/contracts';
import { activateLanguage } from '../../../i18n/i18n';
import { renderStatic, textOf } from '../../../testing/static-render';
import { TaskGuideContent } from './task-guide-modal';

const guide: TaskGuide = {
  id: 14,
  title: 'Incorporate your company',
  category: 'Team & Legal Structure',
  summary: 'Pick a legal form and register it.',
  why: 'Investors fund companies, not people.',
  practices: ['Compare the legal forms'],
  proTip: 'Ask an accountant first.',
  effort: { value: 1, unit: 'days' },
  stage: 'building',
  jurisdictions: { UK: 'Register with Companies House.' },
  sources: [{ title: 'Companies House', url: 'https://www.gov.uk/limited-company-formation' }],
  reviewedAt: '2026-11-25',
};

describe('a task guide', () => {
  it('frames the guide in English: effort, stage, headings, the jurisdiction and the review date', () => {
    const text = textOf(
      renderStatic(<TaskGuideContent guide={{ ...guide, effort: { value: 3, unit: 'hours' } }} />),
    );
    expect(text).toContain('Effort About 3 hours');
    expect(text).toContain('Stage Building');
    expect(text).toContain('Why it matters Investors fund companies, not people.');
    expect(text).toContain('UK United Kingdom Register with Companies House.');
    expect(text).toContain('(opens in a new tab)');
    expect(text).toContain('Reviewed November 25, 2026');
  });

  describe('in Spanish (issue 21)', () => {
    beforeEach(() => activateLanguage('es', false));
    afterEach(() => activateLanguage('en', false));

    it('frames it in Spanish, with the date in Spanish, and keeps the guide’s own texts', () => {
      const text = textOf(renderStatic(<TaskGuideContent guide={guide} />));
      expect(text).toContain('Equipo y estructura legal');
      expect(text).toContain('Esfuerzo Alrededor de 1 día');
      expect(text).toContain('Etapa En construcción');
      expect(text).toContain('Por qué importa Investors fund companies, not people.');
      expect(text).toContain('Consejo Ask an accountant first.');
      expect(text).toContain('UK Reino Unido');
      expect(text).toContain('(se abre en una pestaña nueva)');
      expect(text).toContain('Revisada el 25 de noviembre de 2026');
    });
  });
});
