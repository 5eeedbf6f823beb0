import { jest } from '@jest/globals';
import { prerenderedPages } from './prerendered-pages';
import { isPrerenderedPath, PRERENDERED_PATHS, showsPrerenderedPage } from './prerendered-paths';
import { appRoutes, preloadPage } from './routes';

describe('the pre-rendered paths the browser entry knows', () => {
  it('are exactly the pages the build pre-renders', () => {
    expect([...PRERENDERED_PATHS].sort()).toEqual(
      [...new Set(prerenderedPages.map(({ path }) => path))].sort(),
    );
  });

  it('name the public pages only', () => {
    expect(isPrerenderedPath('/about')).toBe(true);
    expect(isPrerenderedPath('/account')).toBe(false);
  });

  it('hydrate a page only at an address its HTML shows: /auth?mode=sign-up renders the sign-up form afresh', () => {
    expect(showsPrerenderedPage('/auth', '')).toBe(true);
    expect(showsPrerenderedPage('/auth', '?next=%2Finvitation')).toBe(true);
    expect(showsPrerenderedPage('/auth', '?mode=sign-up&next=%2Finvitation')).toBe(false);
    expect(showsPrerenderedPage('/contact', '?mode=sign-up')).toBe(true);
    expect(showsPrerenderedPage('/account', '')).toBe(false);
    expect(showsPrerenderedPage('/reset-password', '?token=abc')).toBe(true);
    expect(showsPrerenderedPage('/reset-password', '?token=')).toBe(false);
    expect(showsPrerenderedPage('/reset-password', '')).toBe(false);
  });
});

describe('preloadPage', () => {
  const pageAt = (path: string) => appRoutes.find(({ route }) => route.path === path)!.Component;

  it("starts loading each pre-rendered page's code, the landing page's at /", async () => {
    for (const path of PRERENDERED_PATHS) {
      const page = pageAt(path);
      const original = page.preload!;
      const preload = jest.fn(() => Promise.resolve());
      page.preload = preload;
      try {
        preloadPage(path);
        expect(preload).toHaveBeenCalledTimes(1);
      } finally {
        page.preload = original;
      }
    }
  });

  it('loads nothing for a path without a page of its own, and leaves a failed load to the page', async () => {
    expect(() => preloadPage('/no/such/page')).not.toThrow();
    const page = pageAt('/contact');
    const original = page.preload!;
    const failed = Promise.reject(new Error('offline'));
    page.preload = () => failed;
    try {
      preloadPage('/contact');
      // The rejection is handled: awaiting a tick raises no unhandled rejection.
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      page.preload = original;
    }
  });
});
