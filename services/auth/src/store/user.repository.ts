import { afterCursor, NEWEST_FIRST, notDeleted, pageFilter, searchFilter, toPage } from '@app/common';
import { DEFAULT_LANGUAGE } from '@app/contracts';
import mongoose, { isValidObjectId, Types } from 'mongoose';
import {
  UsernameTakenError,
  type AdminChanges,
  type NewUser,
  type OutboxEvent,
  type ProfileChanges,
  type UserRecord,
  type UserRepository,
  type UserStats,
} from '../domain/user.ts';
import type { UserDocument, UserModel } from './user.model.ts';

/** Reads never load the outbox (it can hold events waiting for the broker) nor the reset token. */
const PUBLIC_PROJECTION = { outbox: 0, resetTokenHash: 0, resetTokenExpiresAt: 0 } as const;

/** What the admin list's search looks in (issue 18). */
const SEARCHED_FIELDS = ['username', 'firstName', 'lastName'] as const;

type StoredUser = Omit<UserDocument, 'resetTokenHash' | 'resetTokenExpiresAt' | 'outbox'>;

function toRecord(doc: StoredUser): UserRecord {
  return {
    id: String(doc._id),
    username: doc.username,
    passwordHash: doc.passwordHash,
    isAdmin: doc.isAdmin === true,
    isActive: doc.isActive !== false,
    firstName: doc.firstName ?? null,
    lastName: doc.lastName ?? null,
    jobTitle: doc.jobTitle ?? null,
    department: doc.department ?? null,
    phoneNumber: doc.phoneNumber ?? null,
    organizationId: doc.organizationId ?? null,
    createdAt: doc.createdAt,
    notificationPreferences: doc.notificationPreferences
      ? {
          taskChanges: doc.notificationPreferences.taskChanges,
          mentions: doc.notificationPreferences.mentions,
          assignments: doc.notificationPreferences.assignments,
          // Absent on preferences saved before issue 17.
          reminders: doc.notificationPreferences.reminders ?? true,
          // Absent on preferences saved before "Program updates".
          programUpdates: doc.notificationPreferences.programUpdates ?? true,
        }
      : null,
    // Issue 21: users stored before it read as English.
    language: doc.language ?? DEFAULT_LANGUAGE,
  };
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === 11000;
}

function pushEvents(events: OutboxEvent[]): { $push?: { outbox: { $each: OutboxEvent[] } } } {
  return events.length > 0 ? { $push: { outbox: { $each: events } } } : {};
}

export interface UserRepositoryOptions {
  /** Called after a write that put events into an outbox, so the relay publishes them without waiting. */
  onEventsWritten?: () => void;
}

export function createUserRepository(model: UserModel, options: UserRepositoryOptions = {}): UserRepository {
  const written = (events: OutboxEvent[]): void => {
    if (events.length > 0) options.onEventsWritten?.();
  };
  const objectId = (id: string): Types.ObjectId => new Types.ObjectId(id);

  async function findOne(filter: Record<string, unknown>): Promise<UserRecord | null> {
    const doc = await model.findOne({ ...filter, ...notDeleted }, PUBLIC_PROJECTION).lean<StoredUser>();
    return doc ? toRecord(doc) : null;
  }

  async function update(
    filter: Record<string, unknown>,
    change: Record<string, unknown>,
    events: OutboxEvent[],
  ): Promise<UserRecord | null> {
    try {
      const doc = await model
        .findOneAndUpdate(
          { ...filter, ...notDeleted },
          { ...change, ...pushEvents(events) },
          {
            returnDocument: 'after',
            projection: PUBLIC_PROJECTION,
          },
        )
        .lean<StoredUser>();
      if (doc) written(events);
      return doc ? toRecord(doc) : null;
    } catch (error) {
      if (isDuplicateKey(error)) throw new UsernameTakenError();
      throw error;
    }
  }

  async function updateOne(
    filter: Record<string, unknown>,
    change: Record<string, unknown>,
    events: OutboxEvent[],
  ): Promise<boolean> {
    const result = await model.updateOne({ ...filter, ...notDeleted }, { ...change, ...pushEvents(events) });
    const done = result.matchedCount > 0;
    if (done) written(events);
    return done;
  }

  return {
    newId: () => new Types.ObjectId().toHexString(),
    // isValidObjectId also accepts any 12-character string; only 24 hex digits are ids here.
    isValidId: (id) => /^[0-9a-f]{24}$/i.test(id) && isValidObjectId(id),

    findById: (id) => findOne({ _id: objectId(id) }),
    findByUsername: (username) => findOne({ username: String(username) }),
    findBySsoKey: (key) => findOne({ ssoKeys: String(key) }),
    async linkSsoKey(id, key) {
      const result = await model.updateOne(
        { _id: objectId(id), ...notDeleted },
        { $addToSet: { ssoKeys: key } },
      );
      return result.matchedCount > 0;
    },
    findByResetToken: (tokenHash, now) =>
      findOne({
        resetTokenHash: String(tokenHash),
        resetTokenExpiresAt: mongoose.trusted({ $gt: now }),
        isActive: true,
      }),

    async listPage({ cursor, limit, q }) {
      const docs = await model
        .find(
          pageFilter(notDeleted, searchFilter(q, SEARCHED_FIELDS), afterCursor(cursor)),
          PUBLIC_PROJECTION,
        )
        .sort(NEWEST_FIRST)
        .limit(limit + 1)
        .lean<StoredUser[]>();
      return toPage(docs.map(toRecord), limit, (user) => user);
    },

    async countByOrganizations(organizationIds) {
      if (organizationIds.length === 0) return {};
      const groups = await model.aggregate<{ _id: string; count: number }>([
        { $match: { ...notDeleted, organizationId: { $in: organizationIds.map(String) } } },
        { $group: { _id: '$organizationId', count: { $sum: 1 } } },
      ]);
      return Object.fromEntries(groups.map((group) => [group._id, group.count]));
    },

    async stats(): Promise<UserStats> {
      const groups = await model.aggregate<{ _id: string | null; count: number }>([
        { $match: notDeleted },
        { $group: { _id: '$organizationId', count: { $sum: 1 } } },
      ]);
      const byOrganization: Record<string, number> = {};
      let userCount = 0;
      for (const group of groups) {
        userCount += group.count;
        if (group._id) byOrganization[group._id] = group.count;
      }
      return { userCount, byOrganization };
    },

    async countActiveAdmins() {
      return model.countDocuments({ ...notDeleted, isAdmin: true, isActive: true });
    },

    async create(user: NewUser, events) {
      try {
        const doc = await model.create({
          _id: objectId(user.id),
          username: user.username,
          passwordHash: user.passwordHash,
          isAdmin: user.isAdmin,
          isActive: true,
          organizationId: user.organizationId,
          language: user.language,
          ...(user.ssoKey ? { ssoKeys: [user.ssoKey] } : {}),
          ...(user.firstName ? { firstName: user.firstName } : {}),
          ...(user.lastName ? { lastName: user.lastName } : {}),
          outbox: events,
        });
        written(events);
        return toRecord(doc.toObject());
      } catch (error) {
        if (isDuplicateKey(error)) throw new UsernameTakenError();
        throw error;
      }
    },

    updateProfile: (id, changes: ProfileChanges) => update({ _id: objectId(id) }, { $set: changes }, []),

    updateAdminFields: (id, changes: AdminChanges, events) =>
      update({ _id: objectId(id) }, { $set: changes }, events),

    setPasswordHash: (id, passwordHash, events) =>
      updateOne(
        { _id: objectId(id) },
        { $set: { passwordHash, resetTokenHash: null, resetTokenExpiresAt: null } },
        events,
      ),

    setResetToken: (id, tokenHash, expiresAt, events) =>
      updateOne(
        { _id: objectId(id) },
        { $set: { resetTokenHash: tokenHash, resetTokenExpiresAt: expiresAt } },
        events,
      ),

    consumeResetToken: (id, tokenHash, now, passwordHash, events) =>
      updateOne(
        { _id: objectId(id), resetTokenHash: tokenHash, resetTokenExpiresAt: mongoose.trusted({ $gt: now }) },
        { $set: { passwordHash, resetTokenHash: null, resetTokenExpiresAt: null } },
        events,
      ),

    setNotificationPreferences: (id, preferences, language, events) =>
      updateOne(
        { _id: objectId(id) },
        {
          $set: {
            notificationPreferences: {
              taskChanges: preferences.taskChanges,
              mentions: preferences.mentions,
              assignments: preferences.assignments,
              reminders: preferences.reminders,
              programUpdates: preferences.programUpdates,
            },
            language,
          },
        },
        events,
      ),

    markDeleted: (id, events) =>
      updateOne(
        { _id: objectId(id) },
        {
          // The address is freed at once (it may be registered again before the relay removes this document).
          $set: {
            deletedAt: new Date(),
            username: `deleted:${id}`,
            resetTokenHash: null,
            resetTokenExpiresAt: null,
          },
        },
        events,
      ),
  };
}
