import type { VentureDetail } from '@app/contracts';
import { describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query-client';
import { textOf } from '../../../testing/static-render';
import { ventureQueryOptions } from '../api/get-venture';
import { RoadmapPlaceholder } from './roadmap-placeholder';

const ID = '65f0c0ffee00000000000042';

function render(venture?: Partial<VentureDetail>): string {
  const queryClient = createQueryClient();
  if (venture) queryClient.setQueryData(ventureQueryOptions(ID).queryKey, venture as VentureDetail);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/ventures/${ID}`]}>
        <Routes>
          <Route path="/ventures/:id" element={<RoadmapPlaceholder />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the roadmap's placeholder while its code loads (issue 22)", () => {
  it('when the venture has not arrived, then it is the spinner', () => {
    const html = render();
    expect(html).toContain('role="status"');
    expect(textOf(html)).toBe('Loading your roadmap');
    expect(html).not.toContain('<h1');
  });

  it("when the venture has arrived, then it shows the roadmap header's name and description, marked busy, above the spinner", () => {
    const html = render({ id: ID, name: 'Brewline', blurb: 'Feedback for cafés' });
    expect(html).toMatch(
      /^<div class="roadmap" aria-busy="true"><header class="roadmap-header"><div><p class="roadmap-header__eyebrow">Venture roadmap<\/p><h1 class="roadmap-header__title">Brewline<\/h1><p class="roadmap-header__blurb">Feedback for cafés<\/p><\/div><\/header><div class="page-spinner" role="status"/,
    );
  });

  it('when the venture has no description, then none is shown', () => {
    expect(render({ id: ID, name: 'Brewline', blurb: '' })).not.toContain('roadmap-header__blurb');
  });
});
