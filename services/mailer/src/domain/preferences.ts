/** A user's e-mail choices (set in auth, kept here as a read model of its events). */
export interface NotificationPreferences {
  /** Status changes of tasks in shared ventures: one e-mail each, one daily digest, or none. */
  taskChanges: 'instant' | 'daily' | 'off';
  /** Comments that mention the user. */
  mentions: boolean;
  /** Tasks assigned to the user. */
  assignments: boolean;
  /** Due-date reminders of tasks assigned to the user, or of their ventures' unassigned tasks (issue 17). */
  reminders: boolean;
  /** "Program updates": at-risk alerts to mentors and weekly program digests (issue 18). */
  programUpdates: boolean;
}

/** What a user who never changed anything gets (and what auth answers for them). */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  taskChanges: 'instant',
  mentions: true,
  assignments: true,
  reminders: true,
  programUpdates: true,
};

/** The preferences of some users; users absent from the map have the defaults. */
export type PreferencesLookup = ReadonlyMap<string, NotificationPreferences>;

export function preferencesOf(lookup: PreferencesLookup, userId: string): NotificationPreferences {
  return lookup.get(userId) ?? DEFAULT_PREFERENCES;
}
