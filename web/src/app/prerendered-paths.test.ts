import { prerenderedPages } from './prerendered-pages';
import { isPrerenderedPath, PRERENDERED_PATHS } from './prerendered-paths';

describe('the pre-rendered paths the browser entry knows', () => {
  it('are exactly the pages the build pre-renders', () => {
    expect([...PRERENDERED_PATHS].sort()).toEqual(prerenderedPages.map(({ path }) => path).sort());
  });

  it('name the public pages only', () => {
    expect(isPrerenderedPath('/about')).toBe(true);
    expect(isPrerenderedPath('/account')).toBe(false);
  });
});
