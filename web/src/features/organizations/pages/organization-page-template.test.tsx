import {
  fillOrganizationPage,
  ORGANIZATION_PAGE_TOKENS,
  organizationPageVariant,
  templateBranding,
  templateStyleText,
  type OrganizationBranding,
} from '@app/contracts';
import { describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { organizationBySlugQueryOptions } from '../../../entities/organization/get-organization-by-slug';
import { createQueryClient } from '../../../lib/query-client';
import { OrganizationRegistrationPage } from './organization-registration-page';

/** The page as React renders it at /org/{slug} once the branding is in. */
function render(slug: string, branding: OrganizationBranding): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(organizationBySlugQueryOptions(slug).queryKey, branding);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/org/${slug}`]}>
        <Routes>
          <Route path="/org/:slug" element={<OrganizationRegistrationPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The template of the branding's variant as the build makes it, filled in as the gateway does. */
function filled(slug: string, branding: OrganizationBranding): string {
  const variant = organizationPageVariant(branding);
  const template = render(ORGANIZATION_PAGE_TOKENS.slug, templateBranding(variant)).replace(
    `style="${templateStyleText()}"`,
    `style="${ORGANIZATION_PAGE_TOKENS.style}"`,
  );
  const page = fillOrganizationPage(`${template}</body>`, slug, '/api/read', branding);
  return page.slice(0, page.indexOf('<script type="application/json"'));
}

const BRANDINGS: Array<[string, OrganizationBranding]> = [
  [
    'a logo and a description',
    {
      name: 'Harbor Labs',
      description: 'Founders first.\nSince 2020.',
      logoUrl: 'https://cdn.example/logo.png?size=2&v=1',
      primaryColor: '#7C3AED',
      secondaryColor: '#F97316',
    },
  ],
  [
    'neither, light colours',
    { name: 'Plain', description: null, logoUrl: null, primaryColor: '#FDE68A', secondaryColor: '#E0F2FE' },
  ],
  [
    'markup and quotes in its texts',
    {
      name: `O'Neil & "Sons" <Labs>`,
      description: '  <b>bold</b> & more  ',
      logoUrl: null,
      primaryColor: '#0F172A',
      secondaryColor: '#3B82F6',
    },
  ],
  [
    'a logo that is no web address, a blank description',
    {
      name: 'Sneaky',
      description: '   ',
      logoUrl: 'javascript:alert(1)',
      primaryColor: '#123456',
      secondaryColor: '#654321',
    },
  ],
];

describe("an organization page's template filled in by the gateway (issue 22)", () => {
  it.each(BRANDINGS)(
    'when the organization has %s, then the filled template is the page React renders for it',
    (_case, branding) => {
      const expected = render('harbor-labs', branding);
      expect(expected).toContain('data-testid="branded-registration"');
      expect(filled('harbor-labs', branding)).toBe(expected);
    },
  );

  it('holds every colour in one style attribute, the one the build replaces', () => {
    const html = render(ORGANIZATION_PAGE_TOKENS.slug, templateBranding('plain'));
    const parts = html.split(`style="${templateStyleText()}"`);
    expect(parts).toHaveLength(2);
    const styles = parts.join('').match(/style="[^"]*"/g) ?? [];
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style).not.toMatch(/#[0-9A-F]{6}/i);
  });
});
