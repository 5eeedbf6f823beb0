import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import { paths, type RouteEntry } from '../config/paths';
import { ventureQueryOptions } from '../features/ventures/api/get-venture';
import { HomeRoute } from './home-route';
import { antdPage, lazyPage } from './lazy-page';

export interface AppRoute {
  /** The entry of `paths`; its `access` decides who may open the page. */
  route: RouteEntry;
  Component: ComponentType & { preload?: () => Promise<unknown> };
  /**
   * Starts the page's first request as soon as the session is known to be signed in, while the page's code
   * is still loading (issue 22: the roadmap's venture no longer waits for antd and the page's chunks).
   */
  prefetch?: (params: Params, queryClient: QueryClient) => void;
}

/**
 * The registered pages. To add a page, add one line with its `paths` entry and an
 * `antdPage(...)` import (`lazyPage(...)` for a page without antd components, so it never loads antd);
 * the router applies the entry's access rule.
 */
export const appRoutes: readonly AppRoute[] = [
  { route: paths.home, Component: HomeRoute },
  { route: paths.auth, Component: antdPage(() => import('../features/auth/pages/auth-page'), 'AuthPage') },
  {
    route: paths.ssoError,
    Component: antdPage(() => import('../features/auth/pages/sso-error-page'), 'SsoErrorPage'),
  },
  {
    route: paths.newVenture,
    Component: antdPage(() => import('../features/ventures/pages/new-venture-page'), 'NewVenturePage'),
  },
  {
    route: paths.venture,
    Component: antdPage(() => import('./pages/venture-page'), 'VenturePage'),
    prefetch: ({ id = '' }, queryClient) => void queryClient.prefetchQuery(ventureQueryOptions(id)),
  },
  {
    route: paths.forgotPassword,
    Component: antdPage(
      () => import('../features/password-recovery/pages/forgot-password-page'),
      'ForgotPasswordPage',
    ),
  },
  {
    route: paths.resetPassword,
    Component: antdPage(
      () => import('../features/password-recovery/pages/reset-password-page'),
      'ResetPasswordPage',
    ),
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
    Component: lazyPage(() => import('../features/legal/pages/terms-page'), 'TermsPage'),
  },
  {
    route: paths.privacy,
    Component: lazyPage(() => import('../features/legal/pages/privacy-page'), 'PrivacyPage'),
  },
  {
    route: paths.cookies,
    Component: lazyPage(() => import('../features/legal/pages/cookies-page'), 'CookiesPage'),
  },
  {
    route: paths.account,
    Component: antdPage(() => import('./pages/account-page'), 'AccountPage'),
  },
  {
    route: paths.organizationRegistration,
    Component: antdPage(
      () => import('../features/organizations/pages/organization-registration-page'),
      'OrganizationRegistrationPage',
    ),
  },
  {
    route: paths.program,
    Component: antdPage(
      () => import('../features/cohorts/pages/cohort-dashboard-page'),
      'CohortDashboardPage',
    ),
  },
  {
    route: paths.mentoring,
    Component: antdPage(() => import('../features/cohorts/pages/mentoring-page'), 'MentoringPage'),
  },
  {
    route: paths.admin,
    Component: antdPage(() => import('../features/admin/pages/admin-dashboard-page'), 'AdminDashboardPage'),
  },
  {
    route: paths.adminOrganizationEdit,
    Component: antdPage(
      () => import('../features/admin/pages/organization-edit-page'),
      'OrganizationEditPage',
    ),
  },
  {
    route: paths.invitation,
    Component: antdPage(() => import('./pages/invitation-page'), 'InvitationPage'),
  },
  {
    route: paths.workspace,
    Component: antdPage(() => import('./pages/workspace-page'), 'WorkspacePage'),
  },
  {
    route: paths.workspaceTemplate,
    Component: antdPage(() => import('./pages/template-editor-page'), 'TemplateEditorPage'),
  },
  {
    route: paths.orgInvitation,
    Component: antdPage(() => import('./pages/org-invitation-page'), 'OrgInvitationPage'),
  },
  {
    route: paths.unsubscribe,
    Component: antdPage(() => import('../features/notifications/pages/unsubscribe-page'), 'UnsubscribePage'),
  },
  { route: paths.notFound, Component: antdPage(() => import('./not-found-page'), 'NotFoundPage') },
];
