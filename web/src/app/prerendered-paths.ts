/**
 * The paths of the pre-rendered public pages, for the browser's entry (src/main.tsx), which must not carry
 * the pages' SEO texts (issue 22: the landing page's JavaScript budget). `prerendered-pages.ts` holds the
 * pages with their metadata for the build; a unit test keeps the two lists equal.
 */
export const PRERENDERED_PATHS: readonly string[] = ['/', '/about', '/contact', '/enterprise', '/auth'];

/**
 * Query parameters that make a pre-rendered page show something else than its HTML does (`/auth?mode=sign-up`
 * opens the sign-up form): with one, the page is rendered afresh instead of hydrated.
 */
const VARIANT_PARAMETERS: Readonly<Record<string, readonly string[]>> = { '/auth': ['mode'] };

export function isPrerenderedPath(pathname: string): boolean {
  return PRERENDERED_PATHS.includes(pathname);
}

/** Whether the page at this address is the one its pre-rendered HTML shows. */
export function showsPrerenderedPage(pathname: string, search: string): boolean {
  if (!isPrerenderedPath(pathname)) return false;
  const parameters = new URLSearchParams(search);
  return !(VARIANT_PARAMETERS[pathname] ?? []).some((name) => parameters.has(name));
}
