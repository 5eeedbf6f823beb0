import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchRoutes, type Params } from 'react-router-dom';
import { paths, type RouteEntry } from '../config/paths';
import {
  cohortDashboardQueryOptions,
  mentoredVenturesQueryOptions,
} from '../features/cohorts/api/cohort-queries';
import { organizationBySlugQueryOptions } from '../entities/organization/get-organization-by-slug';
import { ventureQueryOptions } from '../features/ventures/api/get-venture';
import { RoadmapPlaceholder } from '../features/ventures/components/roadmap-placeholder';
import { customDomainSlug, HomeRoute } from './home-route';
import { antdPage, lazyPage, onDemandPage } from './lazy-page';

export interface AppRoute {
  /** The entry of `paths`; its `access` decides who may open the page. */
  route: RouteEntry;
  Component: ComponentType & { preload?: () => Promise<unknown> };
  /**
   * Starts the page's first request as soon as the session is known to be signed in, while the page's code
   * is still loading (issue 22: the roadmap's venture no longer waits for antd and the page's chunks); on a
   * public page (its data nobody's), right away, beside the session check; `false`: nothing to read here
   * (`/` off a custom domain), nor any code to load early. Settles when the read has.
   */
  prefetch?: (params: Params, queryClient: QueryClient) => Promise<void> | false;
  /**
   * Shown instead of the spinner while the page's code loads: plain markup that ships with the entry (the
   * roadmap's shows the venture's name once its prefetched answer is in).
   */
  placeholder?: ComponentType;
}

/**
 * The registered pages. To add a page, add one line with its `paths` entry and its component: a page built with
 * antd is `antdPage('<ExportName>')`, its import in `antdPages` (src/app/on-demand.ts); a page without antd
 * components is `lazyPage(() => import(...), '<ExportName>')`, so it never loads antd, or `onDemandPage(...)` when
 * it is none of the pre-rendered public pages (its import in `onDemandPages`). The router applies the entry's
 * access rule.
 */
export const appRoutes: readonly AppRoute[] = [
  {
    route: paths.home,
    Component: HomeRoute,
    // Issue 19: on an organization's custom domain `/` is its registration, whose branding starts here too.
    prefetch: (_params, queryClient) => {
      const slug = customDomainSlug();
      if (slug === null) return false;
      return queryClient.prefetchQuery(organizationBySlugQueryOptions(slug));
    },
  },
  { route: paths.auth, Component: onDemandPage('AuthPage') },
  {
    route: paths.ssoError,
    Component: onDemandPage('SsoErrorPage'),
  },
  {
    route: paths.newVenture,
    Component: antdPage('NewVenturePage'),
  },
  {
    route: paths.venture,
    Component: onDemandPage('VenturePage'),
    prefetch: ({ id = '' }, queryClient) => queryClient.prefetchQuery(ventureQueryOptions(id)),
    placeholder: RoadmapPlaceholder,
  },
  {
    route: paths.forgotPassword,
    Component: onDemandPage('ForgotPasswordPage'),
  },
  {
    route: paths.resetPassword,
    Component: onDemandPage('ResetPasswordPage'),
  },
  {
    route: paths.about,
    Component: lazyPage(() => import('../features/marketing/pages/about-page'), 'AboutPage'),
  },
  {
    route: paths.contact,
    Component: lazyPage(() => import('../features/marketing/pages/contact-page'), 'ContactPage'),
  },
  {
    route: paths.enterprise,
    Component: lazyPage(() => import('../features/marketing/pages/enterprise-page'), 'EnterprisePage'),
  },
  {
    route: paths.terms,
    Component: onDemandPage('TermsPage'),
  },
  {
    route: paths.privacy,
    Component: onDemandPage('PrivacyPage'),
  },
  {
    route: paths.cookies,
    Component: onDemandPage('CookiesPage'),
  },
  {
    route: paths.account,
    Component: antdPage('AccountPage'),
  },
  {
    route: paths.organizationRegistration,
    Component: onDemandPage('OrganizationRegistrationPage'),
    prefetch: ({ slug = '' }, queryClient) => queryClient.prefetchQuery(organizationBySlugQueryOptions(slug)),
  },
  {
    route: paths.program,
    Component: antdPage('CohortDashboardPage'),
    prefetch: ({ id = '' }, queryClient) => queryClient.prefetchQuery(cohortDashboardQueryOptions(id)),
  },
  {
    route: paths.mentoring,
    Component: antdPage('MentoringPage'),
    prefetch: (_params, queryClient) => queryClient.prefetchQuery(mentoredVenturesQueryOptions()),
  },
  {
    route: paths.admin,
    Component: antdPage('AdminDashboardPage'),
  },
  {
    route: paths.adminOrganizationEdit,
    Component: antdPage('OrganizationEditPage'),
  },
  {
    route: paths.invitation,
    Component: antdPage('InvitationPage'),
  },
  {
    route: paths.workspace,
    Component: antdPage('WorkspacePage'),
  },
  {
    route: paths.workspaceTemplate,
    Component: antdPage('TemplateEditorPage'),
  },
  {
    route: paths.orgInvitation,
    Component: antdPage('OrgInvitationPage'),
  },
  {
    route: paths.unsubscribe,
    Component: antdPage('UnsubscribePage'),
  },
  { route: paths.notFound, Component: antdPage('NotFoundPage') },
];

/** The route table as react-router matches it (ranked: `/ventures/new` before `/ventures/:id`). */
const routeObjects = appRoutes.map(({ route }, index) => ({ id: String(index), path: route.path }));

/** The page the router shows at `pathname`, with its parameters. */
export function pageAt(pathname: string): { page: AppRoute; params: Params } | undefined {
  const match = matchRoutes(routeObjects, pathname)?.[0];
  return match ? { page: appRoutes[Number(match.route.id)]!, params: match.params } : undefined;
}

/**
 * Starts loading the code of the page at `pathname`, if it has any: the pre-rendered pages name no preloads
 * in their HTML (build/prerender-pages.ts), so the entry asks for them as soon as it runs. A failed load is
 * left to the page's own import when it renders (its error shows there).
 */
export function preloadPage(pathname: string): void {
  pageAt(pathname)
    ?.page.Component.preload?.()
    .catch(() => undefined);
}

/**
 * A public page's first read (an organization's branding), settled: the entry waits for it before it
 * hydrates a page the gateway filled with that answer, so the app's first render shows what the HTML does.
 */
export async function prefetchPublicPage(pathname: string, queryClient: QueryClient): Promise<void> {
  const found = pageAt(pathname);
  if (found?.page.route.access !== 'public') return;
  await (found.page.prefetch?.(found.params, queryClient) || undefined);
}
