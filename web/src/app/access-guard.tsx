import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths, type RouteAccess } from '../config/paths';
import { sessionUserQueryOptions, type SessionUser } from '../entities/session-user/get-session-user';

/**
 * Access rules (spec §2, §6): signed-out visitors are sent from signed-in pages to `/`, signed-in users
 * from signed-out pages to `/`. `user` is undefined when the session is not known, which counts as signed
 * out (as a failed session lookup does, spec §4).
 */
export function mayOpen(access: RouteAccess, user: SessionUser | null | undefined): boolean {
  if (access === 'public') return true;
  const signedIn = user !== null && user !== undefined;
  return access === 'signed-in' ? signedIn : !signedIn;
}

interface AccessGuardProps {
  access: RouteAccess;
  children: ReactNode;
}

/**
 * Checks the page's access rule before it renders. The check runs once per navigation (the location's
 * key), not on every change of session, so signing out (which leaves a protected page for /auth) never
 * races a guard's own redirect. The session is already loaded: `SessionGate` holds every page until it is.
 */
export function AccessGuard({ access, children }: AccessGuardProps) {
  const queryClient = useQueryClient();
  const { key } = useLocation();
  const allowed = useMemo(
    () => mayOpen(access, queryClient.getQueryData(sessionUserQueryOptions().queryKey)),
    // Once per navigation, on purpose (see above).
    [access, key],
  );
  return allowed ? children : <Navigate to={paths.home.getHref()} replace />;
}
