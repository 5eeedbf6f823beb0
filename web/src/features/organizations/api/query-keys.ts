/**
 * This feature's cache keys. The session entry is the auth feature's (repeated here because features
 * never import each other; `query-keys.test.ts` fails if they drift apart).
 */
export const sessionQueryKey = ['/api/user'] as const;

export const organizationKeys = {
  all: ['organizations'] as const,
  bySlug: (slug: string) => [...organizationKeys.all, 'by-slug', slug] as const,
};
