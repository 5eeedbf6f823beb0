import { brandStyleText } from './brand-colors.ts';
import {
  embeddedAnswer,
  escapeHtml,
  fillOrganizationPage,
  ORGANIZATION_PAGE_TOKENS as T,
  organizationPageVariant,
  templateBranding,
  templateStyleText,
} from './organization-page.ts';

const TEMPLATE = [
  '<html><head><title>Register with ' + T.name + '</title></head><body>',
  `<div id="root" data-prerendered><div style="${T.style}">`,
  `<img src="${T.logoUrl}" alt="${T.name} logo"><h1>Register with ${T.name}</h1>`,
  `<p>${T.description}</p><a href="/org/${T.slug}">again</a></div></div>`,
  '</body></html>',
].join('');

const branding = {
  name: 'Harbor & "Sons" <Labs>',
  description: '  Founders first.\nSince 2020.  ',
  logoUrl: 'https://cdn.example/logo.png?size=2&v=1',
  primaryColor: '#7c3aed',
  secondaryColor: '#F97316',
};

describe("an organization page's template (issue 22)", () => {
  it('chooses the variant by what the page shows: a safe logo, a description that is not blank', () => {
    expect(organizationPageVariant(branding)).toBe('logo-description');
    expect(organizationPageVariant({ ...branding, logoUrl: 'javascript:alert(1)' })).toBe('description');
    expect(organizationPageVariant({ ...branding, description: '   ' })).toBe('logo');
    expect(organizationPageVariant({ ...branding, logoUrl: null, description: null })).toBe('plain');
  });

  it('renders each variant with the stand-ins it shows and the default colours', () => {
    expect(templateBranding('plain')).toMatchObject({ logoUrl: null, description: null, name: T.name });
    expect(templateBranding('logo-description')).toMatchObject({
      logoUrl: T.logoUrl,
      description: T.description,
    });
    expect(templateStyleText()).toBe(
      '--brand-primary:#0F172A;--brand-on-primary:#FFFFFF;--brand-secondary:#3B82F6;--brand-on-secondary:#0F172A',
    );
  });

  it('fills every stand-in with its value escaped, the colours as the page writes them', () => {
    const page = fillOrganizationPage(
      TEMPLATE,
      'harbor-labs',
      '/api/organizations/by-slug/harbor-labs',
      branding,
    );
    expect(page).not.toMatch(/vr-template|VrTemplate/i);
    expect(page).toContain('<h1>Register with Harbor &amp; &quot;Sons&quot; &lt;Labs&gt;</h1>');
    expect(page).toContain('alt="Harbor &amp; &quot;Sons&quot; &lt;Labs&gt; logo"');
    expect(page).toContain('src="https://cdn.example/logo.png?size=2&amp;v=1"');
    expect(page).toContain('<p>Founders first.\nSince 2020.</p>');
    expect(page).toContain('href="/org/harbor-labs"');
    expect(page).toContain(`style="${brandStyleText(branding)}"`);
    expect(brandStyleText(branding)).toBe(
      '--brand-primary:#7C3AED;--brand-on-primary:#FFFFFF;--brand-secondary:#F97316;--brand-on-secondary:#0F172A',
    );
  });

  it('never reads a value as a stand-in: a name that spells one stays as it is', () => {
    const page = fillOrganizationPage(TEMPLATE, 'a', '/api/organizations/by-slug/a', {
      ...branding,
      name: T.description,
      description: T.name,
    });
    expect(page).toContain(`<h1>Register with ${T.description}</h1>`);
    expect(page).toContain(`<p>${T.name}</p>`);
  });

  it("embeds the branding as the answer of the page's first read, which no text can close early", () => {
    const hostile = { ...branding, name: '</script><script>alert(1)</script>' };
    const page = fillOrganizationPage(TEMPLATE, 'a', '/api/organizations/by-slug/a', hostile);
    const answer = embeddedAnswer('/api/organizations/by-slug/a', hostile);
    expect(page).toContain(`${answer}</body>`);
    expect(answer).toMatch(
      /^<script type="application\/json" data-answer-for="\/api\/organizations\/by-slug\/a">/,
    );
    expect(answer.match(/<\/script>/g)).toHaveLength(1);
    const json = answer.slice(answer.indexOf('>') + 1, -'</script>'.length);
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it('refuses a template without a body to embed the answer in', () => {
    expect(() => fillOrganizationPage('<div></div>', 'a', '/x', branding)).toThrow(/no <\/body>/);
  });

  it('escapes as React does', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#x27;');
  });
});
