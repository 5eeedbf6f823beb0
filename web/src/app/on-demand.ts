/*
 * What the app imports on first use and a visitor's first view of a public page never runs: the pages and
 * widgets built with antd and the scope they render in, the widgets only signed-in users see, the toast host
 * (a visitor's first toast answers something they did) and the legal pages. Each is named by the component it
 * exports. This module is a chunk of its own that `antdPage` and `onDemandPage` (lazy-page.tsx) import on first
 * use, so the entry, which every public page loads, does not carry what these imports need: Vite's list of the
 * files each one preloads (antd-core, antd's components, the pages' shared chunks) was 1.5 kB of the entry's
 * 10.5 kB gzip (issue 22: the landing page's budget). The plain shell (200.html), which serves the antd pages and
 * signed-in users, preloads this chunk beside the entry (build/prerender-pages.ts).
 */

export const antdPages = {
  AccountPage: () => import('./pages/account-page'),
  AdminDashboardPage: () => import('../features/admin/pages/admin-dashboard-page'),
  CohortDashboardPage: () => import('../features/cohorts/pages/cohort-dashboard-page'),
  HomeRedirect: () => import('../features/ventures/components/home-redirect'),
  InvitationPage: () => import('./pages/invitation-page'),
  MentoringPage: () => import('../features/cohorts/pages/mentoring-page'),
  NewVenturePage: () => import('../features/ventures/pages/new-venture-page'),
  NotFoundPage: () => import('./not-found-page'),
  OrganizationEditPage: () => import('../features/admin/pages/organization-edit-page'),
  OrgInvitationPage: () => import('./pages/org-invitation-page'),
  TemplateEditorPage: () => import('./pages/template-editor-page'),
  UnsubscribePage: () => import('../features/notifications/pages/unsubscribe-page'),
  WorkspacePage: () => import('./pages/workspace-page'),
};

/** The antd theme and antd's App context around an antd page (see `AntdScope`). */
export const loadAntdScope = () => import('./antd-scope');

/** Pages and widgets without antd components that load on demand too. */
export const onDemandPages = {
  AuthPage: () => import('../features/auth/pages/auth-page'),
  CookiesPage: () => import('../features/legal/pages/cookies-page'),
  ForgotPasswordPage: () => import('../features/password-recovery/pages/forgot-password-page'),
  MemberFooterLinks: () => import('./layout/member-brand'),
  MemberHeaderBrand: () => import('./layout/member-brand'),
  OrganizationRegistrationPage: () =>
    import('../features/organizations/pages/organization-registration-page'),
  PrivacyPage: () => import('../features/legal/pages/privacy-page'),
  ResetPasswordPage: () => import('../features/password-recovery/pages/reset-password-page'),
  SessionEndedWatch: () => import('./session-ended-watch'),
  SsoErrorPage: () => import('../features/auth/pages/sso-error-page'),
  TermsPage: () => import('../features/legal/pages/terms-page'),
  ToastHost: () => import('./toast-host'),
  UserMenu: () => import('../features/auth/components/user-menu'),
  VenturePage: () => import('./pages/venture-page'),
};
