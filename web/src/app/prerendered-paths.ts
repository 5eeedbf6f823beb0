/**
 * The paths of the pre-rendered public pages, for the browser's entry (src/main.tsx), which must not carry
 * the pages' SEO texts (issue 22: the landing page's JavaScript budget). `prerendered-pages.ts` holds the
 * pages with their metadata for the build; a unit test keeps the two lists equal.
 */
export const PRERENDERED_PATHS: readonly string[] = ['/', '/about', '/contact', '/enterprise'];

export function isPrerenderedPath(pathname: string): boolean {
  return PRERENDERED_PATHS.includes(pathname);
}
