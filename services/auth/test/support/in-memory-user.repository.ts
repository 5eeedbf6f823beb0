import { decodeCursor, toPage } from '@app/common';
import { randomBytes } from 'node:crypto';
import {
  UsernameTakenError,
  type OutboxEvent,
  type UserRecord,
  type UserRepository,
} from '../../src/domain/user.ts';

interface StoredUser extends UserRecord {
  ssoKeys?: string[];
  resetTokenHash: string | null;
  resetTokenExpiresAt: Date | null;
  deletedAt: Date | null;
  outbox: OutboxEvent[];
}

/** The repository contract in memory, for unit tests of the use cases. */
export interface InMemoryUserRepository extends UserRepository {
  /** Every stored document, deleted ones included (tests inspect outboxes and tokens). */
  raw(id: string): StoredUser | undefined;
  all(): StoredUser[];
}

export function createInMemoryUserRepository(): InMemoryUserRepository {
  const docs = new Map<string, StoredUser>();
  const live = (id: string): StoredUser | undefined => {
    const doc = docs.get(id);
    return doc && !doc.deletedAt ? doc : undefined;
  };
  const view = (doc: StoredUser): UserRecord => {
    const {
      resetTokenHash: _t,
      resetTokenExpiresAt: _e,
      deletedAt: _d,
      outbox: _o,
      ssoKeys: _s,
      ...record
    } = doc;
    return { ...record };
  };
  const taken = (username: string, exceptId?: string): boolean =>
    [...docs.values()].some((doc) => doc.username === username && doc.id !== exceptId);

  return {
    raw: (id) => docs.get(id),
    all: () => [...docs.values()],
    newId: () => randomBytes(12).toString('hex'),
    isValidId: (id) => /^[0-9a-f]{24}$/.test(id),
    async findById(id) {
      const doc = live(id);
      return doc ? view(doc) : null;
    },
    async findByUsername(username) {
      const doc = [...docs.values()].find((d) => !d.deletedAt && d.username === username);
      return doc ? view(doc) : null;
    },
    async findBySsoKey(key) {
      const doc = [...docs.values()].find((d) => !d.deletedAt && (d.ssoKeys ?? []).includes(key));
      return doc ? view(doc) : null;
    },
    async linkSsoKey(id, key) {
      const doc = live(id);
      if (!doc) return false;
      doc.ssoKeys = [...new Set([...(doc.ssoKeys ?? []), key])];
      return true;
    },
    async findByResetToken(tokenHash, now) {
      const doc = [...docs.values()].find(
        (d) =>
          !d.deletedAt &&
          d.isActive &&
          d.resetTokenHash === tokenHash &&
          d.resetTokenExpiresAt !== null &&
          d.resetTokenExpiresAt > now,
      );
      return doc ? view(doc) : null;
    },
    async listPage({ cursor, limit, q }) {
      const after = cursor ? decodeCursor(cursor) : null;
      const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const rows = [...docs.values()]
        .filter((d) => !d.deletedAt)
        .filter((d) =>
          words.every((word) =>
            [d.username, d.firstName, d.lastName].some((field) => field?.toLowerCase().includes(word)),
          ),
        )
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
        .filter(
          (d) =>
            !after ||
            d.createdAt < after.createdAt ||
            (d.createdAt.getTime() === after.createdAt.getTime() && d.id < after.id),
        );
      return toPage(rows.slice(0, limit + 1).map(view), limit, (user) => user);
    },
    async countByOrganizations(organizationIds) {
      const counts: Record<string, number> = {};
      for (const doc of docs.values())
        if (!doc.deletedAt && doc.organizationId && organizationIds.includes(doc.organizationId))
          counts[doc.organizationId] = (counts[doc.organizationId] ?? 0) + 1;
      return counts;
    },
    async stats() {
      const byOrganization: Record<string, number> = {};
      let userCount = 0;
      for (const doc of docs.values()) {
        if (doc.deletedAt) continue;
        userCount += 1;
        if (doc.organizationId)
          byOrganization[doc.organizationId] = (byOrganization[doc.organizationId] ?? 0) + 1;
      }
      return { userCount, byOrganization };
    },
    async countActiveAdmins() {
      return [...docs.values()].filter((d) => !d.deletedAt && d.isAdmin && d.isActive).length;
    },
    async create(user, events) {
      if (taken(user.username)) throw new UsernameTakenError();
      const { ssoKey, ...fields } = user;
      const doc: StoredUser = {
        ...fields,
        isActive: true,
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
        ...(ssoKey ? { ssoKeys: [ssoKey] } : {}),
        jobTitle: null,
        department: null,
        phoneNumber: null,
        createdAt: new Date(),
        resetTokenHash: null,
        resetTokenExpiresAt: null,
        deletedAt: null,
        outbox: [...events],
      };
      docs.set(user.id, doc);
      return view(doc);
    },
    async updateProfile(id, changes) {
      const doc = live(id);
      if (!doc) return null;
      Object.assign(doc, changes);
      return view(doc);
    },
    async updateAdminFields(id, changes, events) {
      const doc = live(id);
      if (!doc) return null;
      if (changes.username !== undefined && taken(changes.username, id)) throw new UsernameTakenError();
      Object.assign(doc, changes);
      doc.outbox.push(...events);
      return view(doc);
    },
    async setPasswordHash(id, passwordHash, events) {
      const doc = live(id);
      if (!doc) return false;
      Object.assign(doc, { passwordHash, resetTokenHash: null, resetTokenExpiresAt: null });
      doc.outbox.push(...events);
      return true;
    },
    async setResetToken(id, tokenHash, expiresAt, events) {
      const doc = live(id);
      if (!doc) return false;
      Object.assign(doc, { resetTokenHash: tokenHash, resetTokenExpiresAt: expiresAt });
      doc.outbox.push(...events);
      return true;
    },
    async consumeResetToken(id, tokenHash, now, passwordHash, events) {
      const doc = live(id);
      if (
        !doc ||
        doc.resetTokenHash !== tokenHash ||
        !doc.resetTokenExpiresAt ||
        doc.resetTokenExpiresAt <= now
      )
        return false;
      Object.assign(doc, { passwordHash, resetTokenHash: null, resetTokenExpiresAt: null });
      doc.outbox.push(...events);
      return true;
    },
    async markDeleted(id, events) {
      const doc = live(id);
      if (!doc) return false;
      Object.assign(doc, { deletedAt: new Date(), username: `deleted:${id}` });
      doc.outbox.push(...events);
      return true;
    },
    async setNotificationPreferences(id, preferences, language, events) {
      const doc = live(id);
      if (!doc) return false;
      doc.notificationPreferences = { ...preferences };
      doc.language = language;
      doc.outbox.push(...events);
      return true;
    },
  };
}
