import { AppError } from '@app/common';
import type { Platform } from '../clients/platform.ts';
import { adminErrors, type UserView } from './admin.ts';

/**
 * The caller's CURRENT record from the auth service, on every call (never a flag cached in the session):
 * an administrator demoted or deactivated a moment ago is refused on their very next request.
 * Anonymous → 401; a user who no longer exists → 401; not an active administrator → 403.
 */
export async function requireAdmin(platform: Platform, userId: string | null | undefined): Promise<UserView> {
  if (!userId) throw AppError.unauthorized();
  let user: UserView;
  try {
    user = await platform.auth.getUser(userId);
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 400))
      throw AppError.unauthorized();
    throw error;
  }
  if (!user.isAdmin || !user.isActive) throw adminErrors.notAdmin();
  return user;
}
