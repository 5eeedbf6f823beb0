import { adminErrors, type UserView } from './admin.ts';

/** An administrator may not take away their own rights (the last-admin rule is kept by auth as well). */
export function guardSelfUpdate(admin: Pick<UserView, 'id'>, targetId: string, body: unknown): void {
  if (targetId !== admin.id || typeof body !== 'object' || body === null) return;
  const changes = body as { isAdmin?: unknown; isActive?: unknown };
  if (changes.isAdmin === false || changes.isActive === false) throw adminErrors.cannotDemoteSelf();
}

export function guardSelfDelete(admin: Pick<UserView, 'id'>, targetId: string): void {
  if (targetId === admin.id) throw adminErrors.cannotDeleteSelf();
}
