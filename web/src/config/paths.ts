/**
 * The one route table (spec §2). Every screen's path and who may open it lives here;
 * `src/app/routes.tsx` registers a page component against an entry, and the router
 * derives the access check from `access`.
 *
 * - `public`: anyone.
 * - `signed-in`: signed-out visitors are sent to `/`.
 * - `signed-out`: signed-in users are sent to `/`.
 */
export type RouteAccess = 'public' | 'signed-in' | 'signed-out';

export interface RouteEntry {
  readonly path: string;
  readonly access: RouteAccess;
}

export const paths = {
  home: { path: '/', access: 'public', getHref: () => '/' },
  auth: { path: '/auth', access: 'signed-out', getHref: () => '/auth' },
  /** Issue 19: where a refused SSO sign-in lands (the auth service redirects here with `?reason=`). */
  ssoError: { path: '/auth/sso-error', access: 'public', getHref: () => '/auth/sso-error' },
  forgotPassword: { path: '/forgot-password', access: 'signed-out', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', access: 'signed-out', getHref: () => '/reset-password' },
  about: { path: '/about', access: 'public', getHref: () => '/about' },
  contact: { path: '/contact', access: 'public', getHref: () => '/contact' },
  enterprise: { path: '/enterprise', access: 'public', getHref: () => '/enterprise' },
  terms: { path: '/terms', access: 'public', getHref: () => '/terms' },
  privacy: { path: '/privacy', access: 'public', getHref: () => '/privacy' },
  cookies: { path: '/cookies', access: 'public', getHref: () => '/cookies' },
  organizationRegistration: {
    path: '/org/:slug',
    access: 'public',
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}`,
  },
  newVenture: { path: '/ventures/new', access: 'signed-in', getHref: () => '/ventures/new' },
  venture: {
    path: '/ventures/:id',
    access: 'signed-in',
    getHref: (id: string | number) => `/ventures/${encodeURIComponent(String(id))}`,
  },
  account: { path: '/account', access: 'signed-in', getHref: () => '/account' },
  admin: { path: '/admin', access: 'signed-in', getHref: () => '/admin' },
  adminOrganizationEdit: {
    path: '/admin/organizations/edit/:id',
    access: 'signed-in',
    getHref: (id: string | number) => `/admin/organizations/edit/${encodeURIComponent(String(id))}`,
  },
  /**
   * The link of an invitation e-mail (issue 16), `/invitation#token=…` (`invitationLink` of the contracts: the
   * token stays in the fragment, which no server or proxy log sees). Works signed out and signed in.
   */
  invitation: {
    path: '/invitation',
    access: 'public',
    getHref: (token: string) => `/invitation#token=${encodeURIComponent(token)}`,
  },
  /**
   * Issue 18: an organization's workspace, for its staff (founders and outsiders see "Page Not Found").
   * `workspacePagePath` of the contracts builds the same address.
   */
  workspace: {
    path: '/orgs/:slug',
    access: 'signed-in',
    getHref: (slug: string) => `/orgs/${encodeURIComponent(slug)}`,
  },
  /** Issue 18: the organization's task template editor (org admins). */
  workspaceTemplate: {
    path: '/orgs/:slug/template',
    access: 'signed-in',
    getHref: (slug: string) => `/orgs/${encodeURIComponent(slug)}/template`,
  },
  /** The link of a staff invitation e-mail (issue 18), `/org-invitation#token=…`: works signed out and in. */
  orgInvitation: {
    path: '/org-invitation',
    access: 'public',
    getHref: (token: string) => `/org-invitation#token=${encodeURIComponent(token)}`,
  },
  /** Issue 18: a program's cohort dashboard (org admins and program managers). */
  program: {
    path: '/programs/:id',
    access: 'signed-in',
    getHref: (id: string) => `/programs/${encodeURIComponent(id)}`,
  },
  /** Issue 18: a mentor's "My ventures". */
  mentoring: { path: '/mentoring', access: 'signed-in', getHref: () => '/mentoring' },
  /** The unsubscribe link of a non-essential e-mail: works signed out (`?token=`). */
  unsubscribe: { path: '/unsubscribe', access: 'public', getHref: () => '/unsubscribe' },
  notFound: { path: '*', access: 'public', getHref: () => '/' },
} as const satisfies Record<string, RouteEntry & { getHref: (...args: never[]) => string }>;

/** Anchors on the landing page, linked from the header and footer. */
export const landingAnchors = {
  features: { id: 'features', href: '/#features' },
  pricing: { id: 'pricing', href: '/#pricing' },
} as const;
