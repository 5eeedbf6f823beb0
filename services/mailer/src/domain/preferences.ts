import type { Language } from '@app/contracts';

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
  /** Issue 21: the language their e-mails are written in (auth sends it with the preferences). */
  language: Language;
}

/** What a user who never changed anything gets (and what auth answers for them). */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  taskChanges: 'instant',
  mentions: true,
  assignments: true,
  reminders: true,
  programUpdates: true,
  language: 'en',
};

/** The preferences of some users; users absent from the map have the defaults. */
export type PreferencesLookup = ReadonlyMap<string, NotificationPreferences>;

export function preferencesOf(lookup: PreferencesLookup, userId: string): NotificationPreferences {
  return lookup.get(userId) ?? DEFAULT_PREFERENCES;
}

/** Issue 21: the language of a user's e-mails (a user the read model does not know: English). */
export function languageOf(lookup: PreferencesLookup, userId: string): Language {
  return preferencesOf(lookup, userId).language;
}

/**
 * Issue 21: the languages of users the read model knows by address (lowercased), for recipients an event
 * names only by address (an invitee). Addresses absent are not known as users.
 */
export type LanguageByAddress = ReadonlyMap<string, Language>;
