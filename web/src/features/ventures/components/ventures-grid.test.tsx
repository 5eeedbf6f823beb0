// What the account page's list of ventures shows for given data (the interactions are covered by
// web/e2e/account.spec.ts).
import type { VentureSummary } from '@app/contracts';
import { activateLanguage } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { renderStatic, textOf } from '../../../testing/static-render';
import { venturesQueryOptions } from '../api/get-ventures';
import { VenturesGrid } from './ventures-grid';

const noop = () => undefined;

function render(ventures?: VentureSummary[]): string {
  const queryClient = createQueryClient();
  if (ventures) queryClient.setQueryData(venturesQueryOptions().queryKey, ventures);
  return renderStatic(<VenturesGrid editingId={null} onEdit={noop} onDeleted={noop} />, queryClient);
}

describe('Your Ventures', () => {
  const venture: VentureSummary = {
    id: '65f0c0ffee0000000000cafe',
    name: 'Rocket Rentals',
    blurb: 'Rockets by the hour.',
    createdAt: new Date(2026, 2, 7, 12).toISOString(),
    userId: '65f0c0ffee0000000000beef',
    progress: { percentage: 0, total: 0, completed: 0, inProgress: 0, blocked: 0, todo: 0, categories: [] },
    role: 'owner',
  };

  it('when there are none, then it says No ventures yet', () => {
    const html = render([]);
    expect(textOf(html)).toContain('No ventures yet');
  });

  it('shows each venture’s name, description and created date with Edit, Delete and View Roadmap', () => {
    const html = render([venture]);
    const text = textOf(html);
    expect(text).toContain('Rocket Rentals');
    expect(text).toContain('Rockets by the hour.');
    expect(text).toContain('Created 3/7/2026');
    expect(html).toContain('aria-label="Edit Rocket Rentals"');
    expect(html).toContain('aria-label="Delete Rocket Rentals"');
    expect(html).toMatch(/<a[^>]*href="\/ventures\/65f0c0ffee0000000000cafe"[^>]*>View Roadmap/);
    expect(text).not.toContain('No ventures yet');
  });

  it('when a venture is shared with the user, then it shows under Shared with me with its role and no Edit or Delete', () => {
    const html = render([
      { ...venture, id: '65f0c0ffee0000000000feed', name: 'Shared Rockets', role: 'editor' },
    ]);
    const text = textOf(html);
    expect(text).toContain('No ventures yet');
    expect(text).toContain('Shared with me');
    expect(text).toContain('Shared Rockets Editor');
    expect(html).toMatch(/<a[^>]*href="\/ventures\/65f0c0ffee0000000000feed"[^>]*>View Roadmap/);
    expect(html).not.toContain('aria-label="Edit Shared Rockets"');
    expect(html).not.toContain('aria-label="Delete Shared Rockets"');
  });

  it('while the list loads, then it says so to screen readers', () => {
    const html = render();
    expect(textOf(html)).toContain('Loading your ventures');
  });

  describe('in Spanish (issue 21)', () => {
    beforeEach(() => activateLanguage('es', false));
    afterEach(() => activateLanguage('en', false));

    it('names the list, the card’s date in the Spanish short form, its buttons and the shared venture’s role', () => {
      const html = render([
        venture,
        { ...venture, id: '65f0c0ffee0000000000feed', name: 'Shared Rockets', role: 'viewer' },
      ]);
      const text = textOf(html);
      expect(text).toContain('Tus emprendimientos');
      expect(text).toContain('Creado el 7/3/2026');
      expect(html).toContain('aria-label="Editar Rocket Rentals"');
      expect(html).toContain('aria-label="Ver la hoja de ruta de Rocket Rentals"');
      expect(text).toContain('Compartidos conmigo');
      expect(text).toContain('Shared Rockets Lector');
    });

    it('when there are none, then it says so in Spanish', () => {
      expect(textOf(render([]))).toContain('Todavía no hay emprendimientos');
    });
  });
});
