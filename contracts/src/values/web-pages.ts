import type { authApi } from '../http/auth.ts';
import type { cohortApi } from '../http/cohort.ts';
import type { organizationApi } from '../http/organization.ts';
import type { ventureApi } from '../http/venture.ts';

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

/** The session every page reads before it shows anything (`authApi.getSession`). */
export const SESSION_READ_PATH: (typeof authApi)['getSession']['path'] = '/api/session';

/**
 * Issue 22: the API read a signed-in user's page starts with once the session is known, as a path template
 * whose `:name`s are the page's. The gateway names it in the page's `Link: rel=preload` header, so the
 * browser asks for it together with the page's code instead of after it (the roadmap's venture was the
 * fourth round trip before its first paint). The web's route table prefetches exactly these (a unit test
 * there checks it).
 */
export const WEB_PAGE_FIRST_READS: Partial<Record<(typeof WEB_PAGE_PATHS)[number], string>> = {
  '/ventures/:id': '/api/ventures/:id' satisfies (typeof ventureApi)['getVenture']['path'],
  '/programs/:id': '/api/programs/:id/dashboard' satisfies (typeof cohortApi)['getDashboard']['path'],
  '/mentoring': '/api/mentoring/ventures' satisfies (typeof cohortApi)['listMentoredVentures']['path'],
};

/**
 * Issue 22: the API read a public page starts with, whoever asks (its answer is nobody's private data: an
 * organization's branding). The gateway names it in the page's `Link: rel=preload` header for every visitor,
 * and the web starts it beside the session check (a unit test there checks it).
 */
export const WEB_PAGE_PUBLIC_FIRST_READS: Partial<Record<(typeof WEB_PAGE_PATHS)[number], string>> = {
  '/org/:slug': '/api/organizations/by-slug/:slug' satisfies (typeof organizationApi)['getBranding']['path'],
};

/**
 * Issue 22: the attribute of a page's `<script type="application/json">` holding the answer of its first read,
 * naming that read's path: the gateway writes it (`fillOrganizationPage`), the web's API client takes it
 * instead of asking the server.
 */
export const EMBEDDED_ANSWER_ATTRIBUTE = 'data-answer-for';

/** The read `reads` names for the page at `pathname` (decoded), its values URI-encoded; undefined when none. */
function readOf(
  reads: Partial<Record<(typeof WEB_PAGE_PATHS)[number], string>>,
  pathname: string,
): string | undefined {
  const index = PATTERNS.findIndex((pattern) => pattern.test(pathname));
  const page = WEB_PAGE_PATHS[index];
  const read = page === undefined ? undefined : reads[page];
  if (page === undefined || read === undefined) return undefined;
  const segments = pathname.split('/');
  const values = new Map(
    page
      .split('/')
      .flatMap((segment, position) =>
        segment.startsWith(':') ? [[segment, segments[position] ?? ''] as const] : [],
      ),
  );
  return read.replace(/:[A-Za-z]+/g, (name) => encodeURIComponent(values.get(name) ?? ''));
}

/**
 * The first read of the page at `pathname` (decoded) for a signed-in user, its values URI-encoded; undefined
 * when the page has none. The first page pattern that matches decides, as in the web's router (`/ventures/new`
 * is not a venture).
 */
export function firstReadOf(pathname: string): string | undefined {
  return readOf(WEB_PAGE_FIRST_READS, pathname);
}

/** The first read of the public page at `pathname` (decoded), for anyone; undefined when it has none. */
export function publicFirstReadOf(pathname: string): string | undefined {
  return readOf(WEB_PAGE_PUBLIC_FIRST_READS, pathname);
}
