import mongoose from 'mongoose';
import type { NotificationPreferences } from '../domain/preferences.ts';
import type { PreferencesDocument, PreferencesModel } from './preferences.model.ts';

export interface PreferencesRepository {
  /** Keeps `preferences` unless a newer change is already kept (events may arrive out of order). */
  apply(userId: string, preferences: NotificationPreferences, changedAt: Date): Promise<void>;
  /** The kept preferences of these users (users without any are absent: they have the defaults). */
  find(userIds: readonly string[]): Promise<Map<string, NotificationPreferences>>;
}

export function createPreferencesRepository(model: PreferencesModel): PreferencesRepository {
  return {
    async apply(userId, preferences, changedAt) {
      const { taskChanges, mentions, assignments, reminders, programUpdates } = preferences;
      try {
        // Matches the user's document only when it is older (or absent: then the upsert inserts it).
        await model.updateOne(
          { _id: String(userId), changedAt: mongoose.trusted({ $lt: changedAt }) },
          { $set: { taskChanges, mentions, assignments, reminders, programUpdates, changedAt } },
          { upsert: true },
        );
      } catch (err) {
        // The document exists and is newer (or as new): the upsert's insert collided. Nothing to do.
        if ((err as { code?: unknown })?.code !== 11000) throw err;
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
            taskChanges: d.taskChanges,
            mentions: d.mentions,
            assignments: d.assignments,
            reminders: d.reminders ?? true,
            programUpdates: d.programUpdates ?? true,
          },
        ]),
      );
    },
  };
}
