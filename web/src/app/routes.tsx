import type { ComponentType } from 'react';
import { paths, type RouteEntry } from '../config/paths';
import { HomeRoute } from './home-route';
import { lazyPage } from './lazy-page';

export interface AppRoute {
  /** The entry of `paths`; its `access` decides who may open the page. */
  route: RouteEntry;
  Component: ComponentType;
}

/**
 * The registered pages. To add a page, add one line with its `paths` entry and a
 * `lazyPage(...)` import; the router applies the entry's access rule.
 */
export const appRoutes: readonly AppRoute[] = [
  { route: paths.home, Component: HomeRoute },
  { route: paths.auth, Component: lazyPage(() => import('../features/auth/pages/auth-page'), 'AuthPage') },
  {
    route: paths.newVenture,
    Component: lazyPage(() => import('../features/ventures/pages/new-venture-page'), 'NewVenturePage'),
  },
  {
    route: paths.venture,
    Component: lazyPage(
      () => import('../features/ventures/pages/venture-roadmap-page'),
      'VentureRoadmapPage',
    ),
  },
  {
    route: paths.forgotPassword,
    Component: lazyPage(
      () => import('../features/password-recovery/pages/forgot-password-page'),
      'ForgotPasswordPage',
    ),
  },
  {
    route: paths.resetPassword,
    Component: lazyPage(
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
    route: paths.account,
    Component: lazyPage(() => import('../features/account/pages/account-page'), 'AccountPage'),
  },
  {
    route: paths.organizationRegistration,
    Component: lazyPage(
      () => import('../features/organizations/pages/organization-registration-page'),
      'OrganizationRegistrationPage',
    ),
  },
  {
    route: paths.admin,
    Component: lazyPage(() => import('../features/admin/pages/admin-dashboard-page'), 'AdminDashboardPage'),
  },
  {
    route: paths.adminOrganizationEdit,
    Component: lazyPage(
      () => import('../features/admin/pages/organization-edit-page'),
      'OrganizationEditPage',
    ),
  },
  { route: paths.notFound, Component: lazyPage(() => import('./not-found-page'), 'NotFoundPage') },
];
