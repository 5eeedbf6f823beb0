import type { Language } from '@app/contracts';
import { savePreferences } from './update-notification-preferences.ts';
import {
  authErrors,
  loadSignedInUser,
  toSessionUserView,
  type AuthContext,
  type Caller,
  type UserView,
} from './user.ts';

/**
 * Issue 21: the language of the user's app and e-mails. Saved with the whole notification preferences and
 * `user.notification_preferences_changed` in the same write, so the mailer writes the next e-mail in it.
 * The demo account may change it too: it is the visitor's reading language, harmless to share.
 */
export async function updateLanguage(
  ctx: AuthContext,
  caller: Caller,
  userId: string,
  language: Language,
): Promise<UserView> {
  const user = await loadSignedInUser(ctx, userId);
  const preferences = await savePreferences(ctx, caller, user, {}, language);
  if (!preferences) throw authErrors.sessionEnded();
  return toSessionUserView(ctx, { ...user, notificationPreferences: preferences, language });
}
