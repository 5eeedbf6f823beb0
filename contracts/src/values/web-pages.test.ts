import { isWebPagePath } from './web-pages.ts';

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
