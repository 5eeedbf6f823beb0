/*
 * The web app's page paths (issue 20): the gateway answers 404 for any other path (still with the app, which
 * renders its "not found" screen), so crawlers never index a missing page. The web's route table
 * (`web/src/config/paths.ts`) must list exactly these; a unit test there checks it.
 */

/** Express-style patterns; `:name` matches one non-empty segment. */
export const WEB_PAGE_PATHS = [
  '/',
  '/auth',
  '/auth/sso-error',
  '/forgot-password',
  '/reset-password',
  '/about',
  '/contact',
  '/enterprise',
  '/terms',
  '/privacy',
  '/cookies',
  '/org/:slug',
  '/ventures/new',
  '/ventures/:id',
  '/account',
  '/admin',
  '/admin/organizations/edit/:id',
  '/invitation',
  '/unsubscribe',
  // Issue 18: an organization's workspace and its staff invitation link.
  '/orgs/:slug',
  '/orgs/:slug/template',
  '/org-invitation',
  // Issue 18: the cohort dashboard and a mentor's "My ventures".
  '/programs/:id',
  '/mentoring',
] as const;

const PATTERNS = WEB_PAGE_PATHS.map(
  (path) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`.replace('^//?$', '^/$')),
);

/** Whether the web app has a page at `pathname` (decoded, without query or fragment). */
export function isWebPagePath(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
