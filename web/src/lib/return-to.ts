/*
 * Where to go after signing in or up. A page that needs an account (an invitation) sends the visitor to
 * `/auth?next=/invitations/…`; only a path of this site is followed, never another origin.
 */

export const RETURN_TO_PARAM = 'next';

/** `next` from a query string when it is a path of this site ('/…', not '//…' nor '/\…'); else null. */
export function returnPathFrom(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const next = params.get(RETURN_TO_PARAM);
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Control characters (a newline in a header, a tab browsers drop) never make a valid path here.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  return next;
}

/** The query string of `/auth` that returns to `path` afterwards, in the given mode. */
export function authSearch(path: string, mode: 'sign-in' | 'sign-up' = 'sign-in'): string {
  const params = new URLSearchParams({ [RETURN_TO_PARAM]: path });
  if (mode === 'sign-up') params.set('mode', 'sign-up');
  return `?${params.toString()}`;
}
