import { firstReadOf, isWebPagePath } from './web-pages.ts';

describe('web page paths', () => {
  it.each([
    '/',
    '/auth',
    '/ventures/65f0c0ffee00000000000001',
    '/ventures/new',
    '/org/acme',
    '/admin/organizations/edit/7',
    '/privacy',
    '/account/',
  ])('%s is a page', (path) => expect(isWebPagePath(path)).toBe(true));

  it.each(['/nope', '/ventures', '/ventures/1/extra', '/org/', '/admin/organizations', '//', '/auth/x'])(
    '%s is not',
    (path) => expect(isWebPagePath(path)).toBe(false),
  );
});

describe('first reads', () => {
  it("fill in the page's values, URI-encoded", () => {
    expect(firstReadOf('/ventures/65f0c0ffee00000000000001')).toBe('/api/ventures/65f0c0ffee00000000000001');
    expect(firstReadOf('/ventures/65f0c0ffee00000000000001/')).toBe('/api/ventures/65f0c0ffee00000000000001');
    expect(firstReadOf('/ventures/a b>;rel=x,')).toBe('/api/ventures/a%20b%3E%3Brel%3Dx%2C');
  });

  it('name the cohort dashboard and the mentored ventures', () => {
    expect(firstReadOf('/programs/p1')).toBe('/api/programs/p1/dashboard');
    expect(firstReadOf('/mentoring')).toBe('/api/mentoring/ventures');
  });

  it.each(['/ventures/new', '/account', '/', '/nope', '/ventures/1/extra'])('%s has none', (path) =>
    expect(firstReadOf(path)).toBeUndefined(),
  );
});
