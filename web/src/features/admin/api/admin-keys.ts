/**
 * The dashboard's cache keys, all under one root so Refresh Data refetches everything at once. The session
 * entry and the public organization pages' root are other features' keys, repeated here (features never
 * import each other); `admin-keys.test.ts` fails if they drift apart.
 */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  ventures: () => [...adminKeys.all, 'ventures'] as const,
  templates: () => [...adminKeys.all, 'templates'] as const,
  organizations: () => [...adminKeys.all, 'organizations'] as const,
  organization: (id: string) => [...adminKeys.organizations(), id] as const,
  contactMessages: () => [...adminKeys.all, 'contact-messages'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
};

/** The session user (the auth feature's key). */
export const sessionQueryKey = ['/api/user'] as const;

/** The public organization pages' cached branding (the organizations feature's root key). */
export const publicOrganizationsKey = ['organizations'] as const;
