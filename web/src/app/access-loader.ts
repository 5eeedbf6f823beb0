import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction } from 'react-router-dom';
import { paths, type RouteAccess } from '../config/paths';
import { loadSessionUser } from '../entities/session-user/get-session-user';

/**
 * Access rules (spec §2, §6), checked before a page renders: signed-out visitors are sent
 * from signed-in pages to `/`, signed-in users from signed-out pages to `/`. The check
 * runs on navigation only, so signing out (which leaves a protected page for /auth) never
 * races a guard's own redirect.
 */
export function accessLoader(queryClient: QueryClient, access: RouteAccess): LoaderFunction | undefined {
  if (access === 'public') return undefined;
  return async () => {
    const user = await loadSessionUser(queryClient);
    const allowed = access === 'signed-in' ? user !== null : user === null;
    return allowed ? null : redirect(paths.home.getHref());
  };
}
