/**
 * The lazy page module(s) each route loads first (see src/app/routes.tsx and src/app/home-route.tsx),
 * for the build's per-route JavaScript report. The report fails the build when a module listed here is
 * not a chunk of its own, so this table cannot silently drift from the router.
 */
export interface RouteModule {
  label: string;
  path: string;
  /** Source paths (suffixes of the module ids) of the route's lazy chunks. */
  modules: readonly string[];
}

/** Pages built with antd load `AntdScope` (the theme and antd's App context) with them: see `antdPage`. */
export const ANTD_SCOPE_MODULE = 'src/app/antd-scope.tsx';
/** The chunk of the imports the public pages' first view does not need, antd pages' among them (on-demand.ts). */
export const ON_DEMAND_MODULE = 'src/app/on-demand.ts';
/** What every antd page loads besides its own chunks: the on-demand chunk that imports it, and its scope. */
const ANTD = [ON_DEMAND_MODULE, ANTD_SCOPE_MODULE] as const;

export const routeModules: readonly RouteModule[] = [
  { label: 'landing', path: '/', modules: ['src/features/landing/pages/landing-page.tsx'] },
  { label: 'about', path: '/about', modules: ['src/features/marketing/pages/about-page.tsx'] },
  { label: 'contact', path: '/contact', modules: ['src/features/marketing/pages/contact-page.tsx'] },
  {
    label: 'enterprise',
    path: '/enterprise',
    modules: ['src/features/marketing/pages/enterprise-page.tsx'],
  },
  { label: 'auth', path: '/auth', modules: ['src/features/auth/pages/auth-page.tsx', ON_DEMAND_MODULE] },
  {
    label: 'sso error',
    path: '/auth/sso-error',
    modules: ['src/features/auth/pages/sso-error-page.tsx', ON_DEMAND_MODULE],
  },
  {
    label: 'forgot password',
    path: '/forgot-password',
    modules: ['src/features/password-recovery/pages/forgot-password-page.tsx', ON_DEMAND_MODULE],
  },
  {
    label: 'reset password',
    path: '/reset-password',
    modules: ['src/features/password-recovery/pages/reset-password-page.tsx', ON_DEMAND_MODULE],
  },
  { label: 'terms', path: '/terms', modules: ['src/features/legal/pages/terms-page.tsx', ON_DEMAND_MODULE] },
  {
    label: 'privacy',
    path: '/privacy',
    modules: ['src/features/legal/pages/privacy-page.tsx', ON_DEMAND_MODULE],
  },
  {
    label: 'cookies',
    path: '/cookies',
    modules: ['src/features/legal/pages/cookies-page.tsx', ON_DEMAND_MODULE],
  },
  {
    label: 'organization',
    path: '/org/:slug',
    modules: ['src/features/organizations/pages/organization-registration-page.tsx', ON_DEMAND_MODULE],
  },
  {
    label: 'home redirect',
    path: '/ (signed in)',
    modules: [
      'src/features/ventures/components/home-redirect.tsx',
      'src/features/auth/components/user-menu.tsx',
      ...ANTD,
    ],
  },
  {
    label: 'new venture',
    path: '/ventures/new',
    modules: [
      'src/features/ventures/pages/new-venture-page.tsx',
      'src/features/auth/components/user-menu.tsx',
      ...ANTD,
    ],
  },
  {
    label: 'roadmap',
    path: '/ventures/:id',
    // No antd (issue 22): the page's antd parts load in islands when wanted.
    modules: [
      'src/app/pages/venture-page.tsx',
      'src/features/auth/components/user-menu.tsx',
      ON_DEMAND_MODULE,
    ],
  },
  {
    label: 'account',
    path: '/account',
    modules: ['src/app/pages/account-page.tsx', 'src/features/auth/components/user-menu.tsx', ...ANTD],
  },
  {
    label: 'admin',
    path: '/admin',
    modules: [
      'src/features/admin/pages/admin-dashboard-page.tsx',
      'src/features/auth/components/user-menu.tsx',
      ...ANTD,
    ],
  },
  {
    label: 'admin organization',
    path: '/admin/organizations/edit/:id',
    modules: [
      'src/features/admin/pages/organization-edit-page.tsx',
      'src/features/auth/components/user-menu.tsx',
      ...ANTD,
    ],
  },
  {
    label: 'invitation',
    path: '/invitation',
    modules: ['src/app/pages/invitation-page.tsx', ...ANTD],
  },
  // Issue 18: an organization's workspace and its staff invitation link.
  {
    label: 'workspace',
    path: '/orgs/:slug',
    modules: ['src/app/pages/workspace-page.tsx', 'src/features/auth/components/user-menu.tsx', ...ANTD],
  },
  {
    label: 'org invitation',
    path: '/org-invitation',
    modules: ['src/app/pages/org-invitation-page.tsx', ...ANTD],
  },
  {
    label: 'unsubscribe',
    path: '/unsubscribe',
    modules: ['src/features/notifications/pages/unsubscribe-page.tsx', ...ANTD],
  },
  { label: 'not found', path: '*', modules: ['src/app/not-found-page.tsx', ...ANTD] },
];
