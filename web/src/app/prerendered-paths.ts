/**
 * The paths of the pre-rendered public pages, for the browser's entry (src/main.tsx), which must not carry
 * the pages' SEO texts (issue 22: the landing page's JavaScript budget). `prerendered-pages.ts` holds the
 * pages with their metadata for the build; a unit test keeps the two lists equal.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/about',
  '/contact',
  '/enterprise',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/terms',
  '/privacy',
  '/cookies',
  '/auth/sso-error',
];

/**
 * Pages whose query decides what they show, and the queries their pre-rendered HTML shows: `/auth?mode=sign-up`
 * opens the sign-up form (the HTML is the sign-in form), `/reset-password` without a token says the link is
 * invalid (the HTML is the form a link opens). At any other address the page is rendered afresh, not hydrated.
 */
const SHOWN_WITH: Readonly<Record<string, (parameters: URLSearchParams) => boolean>> = {
  '/auth': (parameters) => !parameters.has('mode'),
  '/reset-password': (parameters) => (parameters.get('token') ?? '') !== '',
};

export function isPrerenderedPath(pathname: string): boolean {
  return PRERENDERED_PATHS.includes(pathname);
}

/**
 * Pages the gateway fills in from a template of the build, the HTML then showing the page at its address
 * whatever the query (issue 22: an organization's registration page, `fillOrganizationPage` in @app/contracts).
 */
const FILLED_PAGES: readonly RegExp[] = [/^\/org\/[^/]+$/];

/** Whether the page at this address is the one its pre-rendered HTML shows (a page marked `data-prerendered`). */
export function showsPrerenderedPage(pathname: string, search: string): boolean {
  if (FILLED_PAGES.some((page) => page.test(pathname))) return true;
  if (!isPrerenderedPath(pathname)) return false;
  return SHOWN_WITH[pathname]?.(new URLSearchParams(search)) ?? true;
}
