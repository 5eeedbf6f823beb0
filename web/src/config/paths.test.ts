import { isWebPagePath, WEB_PAGE_PATHS } from '@app/contracts';
import { paths } from './paths';

describe('the route table and the gateway agree on which pages exist', () => {
  const pagePaths = Object.values(paths)
    .map((entry) => entry.path)
    .filter((path) => path !== '*');

  it('every page of the app is one the gateway serves with 200', () => {
    expect([...pagePaths].sort()).toEqual([...WEB_PAGE_PATHS].sort());
  });

  it('the legal pages exist', () => {
    for (const path of ['/terms', '/privacy', '/cookies']) expect(isWebPagePath(path)).toBe(true);
  });
});
