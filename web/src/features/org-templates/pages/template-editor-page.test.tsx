// What the template editor shows for a template (issue 18), in English and in Spanish (issue 21); the editing
// itself is covered by the browser tests (web/e2e).
import { jest } from '@jest/globals';
import type { OrgTemplate } from '@app/contracts';
import { activateLanguage } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { renderStatic, textOf } from '../../../testing/static-render';
import { orgTemplateKeys } from '../api/org-template';

// The unit tests run without a bundler: the page's stylesheet is nothing to them.
jest.unstable_mockModule('../org-templates.css', () => ({}));
const { TemplateEditorPage } = await import('./template-editor-page');

const noChanges = { added: [], removed: [], renamed: [], guidesChanged: [], reordered: false };
const template: OrgTemplate = {
  organizationId: 'o1',
  draft: [
    {
      key: 'master-35',
      taskId: 35,
      category: 'Funding & Finance',
      title: 'Build a financial model',
      description: '',
      hidden: false,
      guide: null,
    },
  ],
  draftUpdatedAt: null,
  draftChanged: false,
  pendingChanges: noChanges,
  versions: [
    {
      version: 1,
      publishedAt: '2026-11-20T10:00:00.000Z',
      publishedBy: { userId: 'u1', displayName: 'Ann Lee' },
      taskCount: 48,
      changes: { ...noChanges, renamed: [{ taskId: 35, from: 'Model', to: 'Build a financial model' }] },
    },
  ],
};

function render(): string {
  // The page reads the slug from the route; outside one it is ''.
  const queryClient = createQueryClient();
  queryClient.setQueryData(orgTemplateKeys.all(''), template);
  return renderStatic(<TemplateEditorPage NotFound={() => null} />, queryClient);
}

describe('the organization template editor', () => {
  it('says which version is the latest, what publishing needs, and what each version changed', () => {
    const text = textOf(render());
    expect(text).toContain('Latest: version 1.');
    expect(text).toContain('Publish version 2');
    expect(text).toContain('The draft is version 1: change it to publish version 2.');
    expect(text).toContain('Funding &amp; Finance (1 shown)');
    // (textOf puts a space where the version's <strong> ends.)
    expect(text).toMatch(/Version 1 ?: 48 tasks, published 11\/20\/2026 by Ann Lee/);
    expect(text).toContain('Renamed (1) Model → Build a financial model');
  });

  describe('in Spanish (issue 21)', () => {
    beforeEach(() => activateLanguage('es', false));
    afterEach(() => activateLanguage('en', false));

    it('shows the same in Spanish, with the category’s Spanish name and the date in the Spanish form', () => {
      const text = textOf(render());
      expect(text).toContain('Plantilla de tareas');
      expect(text).toContain('Última: versión 1.');
      expect(text).toContain('Publicar la versión 2');
      expect(text).toContain('Financiación y finanzas (1 visible)');
      expect(text).toMatch(/Versión 1 ?: 48 tareas, publicada el 20\/11\/2026 por Ann Lee/);
      expect(text).toContain('Renombradas (1) Model → Build a financial model');
      expect(text).toContain('Subir');
    });
  });
});
