import { jest } from '@jest/globals';
import {
  firstReadOf,
  publicFirstReadOf,
  WEB_PAGE_FIRST_READS,
  WEB_PAGE_PUBLIC_FIRST_READS,
} from '@app/contracts';
import { QueryClient } from '@tanstack/react-query';
import { appRoutes } from './routes';

describe("a page's first read (issue 22)", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('is prefetched by exactly the pages the gateway preloads it for, at the path it preloads', async () => {
    const prefetching = appRoutes.filter((page) => page.prefetch && page.route.path !== '/');
    expect(prefetching.map((page) => page.route.path).sort()).toEqual(
      [...Object.keys(WEB_PAGE_FIRST_READS), ...Object.keys(WEB_PAGE_PUBLIC_FIRST_READS)].sort(),
    );
    // A public page's read is started before the session is known (src/app/router.tsx): only public pages.
    for (const path of Object.keys(WEB_PAGE_PUBLIC_FIRST_READS)) {
      expect(appRoutes.find((page) => page.route.path === path)?.route.access).toBe('public');
    }

    const fetchMock = jest.fn<typeof fetch>(async () => new Response('{}', { status: 200 }));
    globalThis.fetch = fetchMock;
    for (const page of prefetching) {
      // A value that needs encoding: the browser reuses a preload only for the very same URL.
      const value = 'a b,é';
      const pathname = page.route.path.replace(/:[A-Za-z]+/g, value);
      const params = Object.fromEntries(
        [...page.route.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name!, value]),
      );
      fetchMock.mockClear();
      page.prefetch!(params, new QueryClient());
      await new Promise((resolve) => setTimeout(resolve));
      expect(fetchMock.mock.calls[0]?.[0]).toBe(firstReadOf(pathname) ?? publicFirstReadOf(pathname));
    }
  });

  it("is, at `/` on an organization's custom domain, its branding, as the gateway preloads it there (issue 19)", async () => {
    const home = appRoutes.find((page) => page.route.path === '/')!;
    const fetchMock = jest.fn<typeof fetch>(async () => new Response('{}', { status: 200 }));
    globalThis.fetch = fetchMock;
    // Off a custom domain (no organization named in the page) there is nothing to read.
    expect(home.prefetch!({}, new QueryClient())).toBe(false);
    await new Promise((resolve) => setTimeout(resolve));
    expect(fetchMock).not.toHaveBeenCalled();

    const meta = { getAttribute: (name: string) => (name === 'content' ? 'northgate-lab' : null) };
    const document = {
      querySelector: (selector: string) => (selector === 'meta[name="vr-organization"]' ? meta : null),
      // No answer embedded in the page (the API client looks for one first).
      querySelectorAll: () => [],
    };
    Object.assign(globalThis, { document });
    try {
      await home.prefetch!({}, new QueryClient());
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([publicFirstReadOf('/org/northgate-lab')]);
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
  });
});
