import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type Language,
  type NotificationPreferences,
} from '@app/contracts';
import {
  authErrors,
  authEvent,
  loadSignedInUser,
  type AuthContext,
  type Caller,
  type UserRecord,
} from './user.ts';

/**
 * Applies the given choices (keys absent stay as they are) and records
 * `user.notification_preferences_changed` with the whole result in the same write: the mailer keeps the
 * latest copy and decides every e-mail by it. Returns the preferences now in force.
 */
export async function updateNotificationPreferences(
  ctx: AuthContext,
  caller: Caller,
  userId: string,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const user = await loadSignedInUser(ctx, userId);
  const next = await savePreferences(ctx, caller, user, changes);
  if (!next) throw authErrors.sessionEnded();
  return next;
}

/**
 * Writes the merged preferences and the language (the user's own unless `language` changes it) with their
 * event; null when the user is gone. Every `user.notification_preferences_changed` carries both (issue 21):
 * the mailer keeps the latest event whole, so an event without the language would reset it. Like the
 * preferences before it, this is read-modify-write: two changes of the same user at the same instant may
 * both pass, the later event winning in the mailer as in the store.
 */
export async function savePreferences(
  ctx: AuthContext,
  caller: Caller,
  user: UserRecord,
  changes: Partial<NotificationPreferences>,
  language: Language = user.language,
): Promise<NotificationPreferences | null> {
  const current = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...user.notificationPreferences };
  const next: NotificationPreferences = {
    taskChanges: changes.taskChanges ?? current.taskChanges,
    mentions: changes.mentions ?? current.mentions,
    assignments: changes.assignments ?? current.assignments,
    reminders: changes.reminders ?? current.reminders,
    programUpdates: changes.programUpdates ?? current.programUpdates,
  };
  const changed = authEvent(ctx, caller, 'user.notification_preferences_changed', {
    userId: user.id,
    ...next,
    language,
  });
  return (await ctx.users.setNotificationPreferences(user.id, next, language, [changed])) ? next : null;
}
