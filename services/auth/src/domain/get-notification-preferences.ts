import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@app/contracts';
import { loadSignedInUser, type AuthContext } from './user.ts';

/** The signed-in user's e-mail choices (the defaults until they change one). */
export async function getNotificationPreferences(
  ctx: AuthContext,
  userId: string,
): Promise<NotificationPreferences> {
  const user = await loadSignedInUser(ctx, userId);
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...user.notificationPreferences };
}
