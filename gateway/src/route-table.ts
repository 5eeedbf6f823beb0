/**
 * The one route table: which public path prefix goes to which service. A path matches an entry when it
 * equals the prefix or continues it with '/'. Order matters only for overlapping prefixes (none today).
 */
export type ServiceName = 'auth' | 'venture' | 'organization' | 'contact' | 'admin';

export interface Route {
  prefix: string;
  service: ServiceName;
}

export const routeTable: readonly Route[] = [
  { prefix: '/api/user', service: 'auth' },
  { prefix: '/api/session', service: 'auth' },
  { prefix: '/api/login', service: 'auth' },
  { prefix: '/api/register', service: 'auth' },
  { prefix: '/api/logout', service: 'auth' },
  { prefix: '/api/forgot-password', service: 'auth' },
  { prefix: '/api/reset-password', service: 'auth' },
  { prefix: '/api/unsubscribe', service: 'auth' },
  // Issue 19: single sign-on (start, the OpenID provider's redirect back, the SAML ACS and its completion).
  { prefix: '/api/sso', service: 'auth' },
  { prefix: '/api/ventures', service: 'venture' },
  { prefix: '/api/venture-tasks', service: 'venture' },
  { prefix: '/api/task-guides', service: 'venture' },
  { prefix: '/api/invitations', service: 'venture' },
  // Issue 17: the owner's calendar feed calls, and the public feed itself (no session needed).
  { prefix: '/api/calendar-feed', service: 'venture' },
  { prefix: '/api/calendar', service: 'venture' },
  // Issue 18: enrolments, cohort dashboards and mentoring live with the ventures they read.
  { prefix: '/api/enrolments', service: 'venture' },
  { prefix: '/api/programs', service: 'venture' },
  { prefix: '/api/mentoring', service: 'venture' },
  // Issue 18: organization task templates live with the tasks and guides they shape.
  { prefix: '/api/org-templates', service: 'venture' },
  { prefix: '/api/organizations', service: 'organization' },
  // Issue 18: institution workspaces and their staff invitations.
  { prefix: '/api/orgs', service: 'organization' },
  { prefix: '/api/org-invitations', service: 'organization' },
  { prefix: '/api/contact', service: 'contact' },
  { prefix: '/api/admin', service: 'admin' },
];

export function findRoute(path: string, table: readonly Route[] = routeTable): Route | undefined {
  return table.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));
}
