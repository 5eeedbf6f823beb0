import type { Language } from '@app/contracts';
import mongoose from 'mongoose';
import { DEFAULT_PREFERENCES, type NotificationPreferences } from '../domain/preferences.ts';
import type { PreferencesDocument, PreferencesModel } from './preferences.model.ts';

export interface PreferencesRepository {
  /** Keeps `preferences` unless a newer change is already kept (events may arrive out of order). */
  apply(userId: string, preferences: NotificationPreferences, changedAt: Date): Promise<void>;
  /** The kept preferences of these users (users without any are absent: they have the defaults). */
  find(userIds: readonly string[]): Promise<Map<string, NotificationPreferences>>;
  /**
   * Issue 21: keeps a new user's address, and their language unless a newer preferences event is kept
   * (which carries the language as it is now).
   */
  register(userId: string, address: string, language: Language, registeredAt: Date): Promise<void>;
  /** Issue 21: the language of the user each address (lowercased) belongs to; unknown addresses absent. */
  languagesOf(addresses: readonly string[]): Promise<Map<string, Language>>;
}

const isDuplicateKey = (err: unknown) => (err as { code?: unknown })?.code === 11000;

export function createPreferencesRepository(model: PreferencesModel): PreferencesRepository {
  return {
    async apply(userId, preferences, changedAt) {
      const { taskChanges, mentions, assignments, reminders, programUpdates, language } = preferences;
      try {
        // Matches the user's document only when it is older (or absent: then the upsert inserts it).
        await model.updateOne(
          { _id: String(userId), changedAt: mongoose.trusted({ $lt: changedAt }) },
          { $set: { taskChanges, mentions, assignments, reminders, programUpdates, language, changedAt } },
          { upsert: true },
        );
      } catch (err) {
        // The document exists and is newer (or as new): the upsert's insert collided. Nothing to do.
        if (!isDuplicateKey(err)) throw err;
      }
    },

    async find(userIds) {
      const ids = [...new Set(userIds.map(String))];
      if (ids.length === 0) return new Map();
      const docs = await model.find({ _id: mongoose.trusted({ $in: ids }) }).lean<PreferencesDocument[]>();
      return new Map(
        docs.map((d) => [
          d._id,
          {
            taskChanges: d.taskChanges ?? DEFAULT_PREFERENCES.taskChanges,
            mentions: d.mentions ?? DEFAULT_PREFERENCES.mentions,
            assignments: d.assignments ?? DEFAULT_PREFERENCES.assignments,
            reminders: d.reminders ?? true,
            programUpdates: d.programUpdates ?? true,
            language: d.language ?? 'en',
          },
        ]),
      );
    },

    async register(userId, address, language, registeredAt) {
      const _id = String(userId);
      try {
        // The language only over an older copy or none (a newer preferences event knows better).
        await model.updateOne(
          { _id, changedAt: mongoose.trusted({ $lt: registeredAt }) },
          { $set: { address, registeredAt, language, changedAt: registeredAt } },
          { upsert: true },
        );
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        await model.updateOne({ _id }, { $set: { address, registeredAt } });
      }
    },

    async languagesOf(addresses) {
      const wanted = [...new Set(addresses.map((a) => a.trim().toLowerCase()))];
      if (wanted.length === 0) return new Map();
      const docs = await model
        .find({ address: mongoose.trusted({ $in: wanted }) })
        .sort({ registeredAt: 1 })
        .lean<PreferencesDocument[]>();
      // Sorted oldest first: the latest registration of an address (its current user) is set last.
      return new Map(docs.map((d) => [d.address!, d.language ?? 'en']));
    },
  };
}
