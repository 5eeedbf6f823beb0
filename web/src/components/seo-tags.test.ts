import { buildSeoDocument, formatTitle, type HeadTag } from './seo-tags';

const origin = 'https://ventureroadmap.app';

function tag(tags: HeadTag[], key: string): string | null | undefined {
  const found = tags.find((candidate) => (candidate.kind === 'link' ? candidate.rel : candidate.key) === key);
  if (!found) return undefined;
  return found.kind === 'link' ? found.href : found.content;
}

describe('buildSeoDocument', () => {
  it('when a page sets no title, then the default title is used', () => {
    expect(formatTitle(undefined)).toBe('Track your venture progress | Venture Roadmap');
    expect(buildSeoDocument({}, origin, '/').title).toBe('Track your venture progress | Venture Roadmap');
  });

  it('when a page sets a title, description and path, then they fill the title, canonical, Open Graph and Twitter tags', () => {
    const seo = buildSeoDocument(
      { title: 'Enterprise', description: 'For incubators.', path: '/enterprise' },
      origin,
      '/ignored',
    );
    expect(seo.title).toBe('Enterprise | Venture Roadmap');
    expect(tag(seo.tags, 'canonical')).toBe('https://ventureroadmap.app/enterprise');
    expect(tag(seo.tags, 'description')).toBe('For incubators.');
    expect(tag(seo.tags, 'og:title')).toBe('Enterprise | Venture Roadmap');
    expect(tag(seo.tags, 'og:url')).toBe('https://ventureroadmap.app/enterprise');
    expect(tag(seo.tags, 'twitter:description')).toBe('For incubators.');
  });

  it('when no path is given, then the current path is canonical', () => {
    expect(tag(buildSeoDocument({}, origin, '/auth').tags, 'canonical')).toBe(
      'https://ventureroadmap.app/auth',
    );
  });

  it('when a page is noindex, then a robots tag says so; otherwise the robots tag is removed', () => {
    expect(tag(buildSeoDocument({ noindex: true }, origin, '/x').tags, 'robots')).toBe('noindex, nofollow');
    expect(tag(buildSeoDocument({}, origin, '/x').tags, 'robots')).toBeNull();
  });

  it('when structured data is given, then it is serialized without a way to close its script', () => {
    const seo = buildSeoDocument({ jsonLd: { '@type': 'Thing', name: '</script><b>' } }, origin, '/');
    expect(seo.jsonLd).not.toContain('</script>');
    expect(JSON.parse(seo.jsonLd ?? 'null')).toEqual({ '@type': 'Thing', name: '</script><b>' });
    expect(buildSeoDocument({}, origin, '/').jsonLd).toBeNull();
  });

  it('when keywords are given, then they are joined; otherwise the keywords tag is removed', () => {
    expect(tag(buildSeoDocument({ keywords: ['a', 'b'] }, origin, '/').tags, 'keywords')).toBe('a, b');
    expect(tag(buildSeoDocument({}, origin, '/').tags, 'keywords')).toBeNull();
  });
});
