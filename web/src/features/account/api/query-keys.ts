/**
 * The cache entries this page shares with the rest of the app. Features never import each other, so the
 * keys are repeated here, but they must stay identical to the owners' keys: a change made on this page
 * then shows everywhere at once (the header's user, the roadmap pages) through the shared cache entries.
 * `query-keys.test.ts` fails when they drift apart.
 */

/** The session user (the auth feature's key: the GET path, by the default query function's convention). */
export const sessionQueryKey = ['/api/user'] as const;

/** The ventures feature's hierarchical keys (`features/ventures/api/venture-keys.ts`). */
export const ventureKeys = {
  all: ['ventures'] as const,
  lists: () => [...ventureKeys.all, 'list'] as const,
  detail: (id: string | number) => [...ventureKeys.all, 'detail', String(id)] as const,
};
