/**
 * What each role may see in the interface (spec §6). The check is made on the client;
 * the admin service checks the admin flag again on every call.
 */
export interface AccessSubject {
  readonly isAdmin?: boolean | null;
}

export function canSeeAdminDashboard(user: AccessSubject | null | undefined): boolean {
  return user?.isAdmin === true;
}
