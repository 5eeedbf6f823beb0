import { notDeleted, type EventEnvelope } from '@app/common';
import type { OrgRole } from '@app/contracts';
import mongoose, { Types } from 'mongoose';
import type {
  EnrolmentRecord,
  InstitutionStore,
  OrgMemberEntry,
  ProgramEntry,
} from '../domain/institutions.ts';
import type {
  EnrolmentDocument,
  InstitutionModels,
  OrgMemberReadDocument,
  ProgramReadDocument,
} from './institution.model.ts';

const NO_OUTBOX = { outbox: 0 } as const;
/** A current enrolment: not left. */
const CURRENT = { leftAt: null, ...notDeleted } as const;

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}

function toEnrolment(doc: Omit<EnrolmentDocument, 'outbox'>): EnrolmentRecord {
  return {
    id: String(doc._id),
    programId: doc.programId,
    organizationId: doc.organizationId,
    userId: doc.userId,
    founderEmail: doc.founderEmail,
    founderName: doc.founderName,
    ventureId: doc.ventureId ?? null,
    visibility: doc.visibility,
    enrolledAt: doc.enrolledAt,
    leftAt: doc.leftAt ?? null,
    mentors: (doc.mentors ?? []).map((m) => ({
      userId: m.userId,
      email: m.email,
      displayName: m.displayName,
    })),
    riskReported: doc.riskReported ?? false,
  };
}

function toProgram(doc: ProgramReadDocument): ProgramEntry {
  return {
    id: doc._id,
    organizationId: doc.organizationId,
    name: doc.name,
    startDate: doc.startDate,
    endDate: doc.endDate,
    templateVersion: doc.templateVersion ?? null,
    riskRules: {
      inactivityDays: doc.riskRules?.inactivityDays ?? null,
      overdueTasks: doc.riskRules?.overdueTasks ?? null,
      blockedDays: doc.riskRules?.blockedDays ?? null,
      belowMedianPoints: doc.riskRules?.belowMedianPoints ?? null,
    },
    registrationOpen: doc.registrationOpen,
    archived: doc.archived,
  };
}

function toMember(doc: OrgMemberReadDocument & { role: OrgRole }): OrgMemberEntry {
  return {
    organizationId: doc.organizationId,
    userId: doc.userId,
    email: doc.email,
    displayName: doc.displayName,
    role: doc.role,
  };
}

export interface InstitutionRepositoryOptions {
  /** Called after a write that put events into an outbox, so the relay publishes them without waiting. */
  onEventsWritten?: () => void;
}

/**
 * The read models and enrolments in MongoDB. Read-model writes are upserts guarded by `asOf`: the filter
 * matches only a stored state older than the event (or none), and a newer stored state makes the upsert
 * collide with its `_id` (duplicate key), which is the no-op it should be.
 */
export function createInstitutionRepository(
  models: InstitutionModels,
  options: InstitutionRepositoryOptions = {},
): InstitutionStore {
  const { InstitutionOrganization, InstitutionMember, InstitutionProgram, InstitutionAppliedEvent } = models;
  const { InstitutionDeletedUser } = models;
  const { Enrolment, CohortSnapshot, CohortExport } = models;
  const written = (events: readonly EventEnvelope[]): void => {
    if (events.length > 0) options.onEventsWritten?.();
  };
  const push = (events: readonly EventEnvelope[]) =>
    events.length > 0 ? { $push: { outbox: { $each: [...events] } } } : {};

  async function guardedUpsert(upsert: () => Promise<unknown>): Promise<void> {
    try {
      await upsert();
    } catch (error) {
      // A newer state is stored: this event is older, so it changes nothing.
      if (!isDuplicateKey(error)) throw error;
    }
  }
  const olderThan = (at: Date) => ({ asOf: mongoose.trusted({ $lte: at }) });

  async function activeOrganizations(ids: readonly string[]): Promise<Set<string>> {
    const docs = await InstitutionOrganization.find(
      { _id: mongoose.trusted({ $in: ids.map(String) }), deleted: false },
      { _id: 1 },
    ).lean();
    return new Set(docs.map((doc) => doc._id));
  }

  async function readEnrolment(filter: Record<string, unknown>): Promise<EnrolmentRecord | null> {
    const doc = await Enrolment.findOne({ ...filter, ...notDeleted }, NO_OUTBOX).lean<EnrolmentDocument>();
    return doc ? toEnrolment(doc) : null;
  }
  async function readEnrolments(filter: Record<string, unknown>): Promise<EnrolmentRecord[]> {
    const docs = await Enrolment.find({ ...filter, ...notDeleted }, NO_OUTBOX)
      .sort({ enrolledAt: 1, _id: 1 })
      .lean<EnrolmentDocument[]>();
    return docs.map(toEnrolment);
  }

  /** Updates one enrolment and pushes the events computed from its state after the change, in ONE write. */
  async function updateEnrolmentWith(
    filter: Record<string, unknown>,
    change: Record<string, unknown>,
    events: (after: EnrolmentRecord) => EventEnvelope[],
  ): Promise<EnrolmentRecord | null> {
    // The events name the state after the change; it is computed from the document as read, and the write
    // is conditional on what was read still holding (`_id` plus the caller's conditions).
    const before = await Enrolment.findOne({ ...filter, ...notDeleted }, NO_OUTBOX).lean<EnrolmentDocument>();
    if (!before) return null;
    const after = toEnrolment({ ...before, ...(change.$set as Partial<EnrolmentDocument>) });
    const outbox = events(after);
    const result = await Enrolment.updateOne(
      { ...filter, _id: before._id, ...notDeleted },
      {
        ...change,
        ...push(outbox),
      },
    );
    if (result.matchedCount === 0) return null;
    written(outbox);
    return after;
  }

  const store: InstitutionStore = {
    // ---- Directory ----
    async organizationById(id) {
      const doc = await InstitutionOrganization.findOne({ _id: String(id), deleted: false }).lean();
      return doc
        ? { id: doc._id, slug: doc.slug, name: doc.name, plan: doc.plan, isActive: doc.isActive }
        : null;
    },
    async organizationBySlug(slug) {
      const doc = await InstitutionOrganization.findOne({ slug: String(slug), deleted: false }).lean();
      return doc
        ? { id: doc._id, slug: doc.slug, name: doc.name, plan: doc.plan, isActive: doc.isActive }
        : null;
    },
    async roleOf(organizationId, userId) {
      const doc = await InstitutionMember.findOne({ _id: `${organizationId}:${userId}` }).lean();
      if (!doc?.role) return null;
      return (await activeOrganizations([organizationId])).has(organizationId) ? doc.role : null;
    },
    async membershipsOf(userId) {
      const docs = await InstitutionMember.find({
        userId: String(userId),
        role: mongoose.trusted({ $ne: null }),
      }).lean();
      const live = await activeOrganizations(docs.map((doc) => doc.organizationId));
      return docs
        .filter((doc): doc is typeof doc & { role: OrgRole } => doc.role !== null)
        .filter((doc) => live.has(doc.organizationId))
        .map(toMember);
    },
    async membersOf(organizationId, roles) {
      const docs = await InstitutionMember.find({
        organizationId: String(organizationId),
        role: mongoose.trusted(roles ? { $in: [...roles] } : { $ne: null }),
      })
        .sort({ displayName: 1 })
        .lean();
      return docs.filter((doc): doc is typeof doc & { role: OrgRole } => doc.role !== null).map(toMember);
    },
    async programById(id) {
      const doc = await InstitutionProgram.findOne({ _id: String(id) }).lean();
      if (!doc) return null;
      return (await activeOrganizations([doc.organizationId])).has(doc.organizationId)
        ? toProgram(doc)
        : null;
    },

    // ---- Applying events ----
    async wasApplied(eventId) {
      return (await InstitutionAppliedEvent.exists({ _id: String(eventId) })) !== null;
    },
    async markApplied({ id, type, occurredAt }) {
      try {
        await InstitutionAppliedEvent.create({ _id: id, type, appliedAt: occurredAt });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
    async upsertOrganization(data, event) {
      await guardedUpsert(() =>
        InstitutionOrganization.updateOne(
          { _id: data.organizationId, deleted: false, ...olderThan(event.occurredAt) },
          {
            $set: {
              slug: data.slug,
              name: data.name,
              plan: data.plan,
              isActive: data.isActive,
              asOf: event.occurredAt,
            },
            $setOnInsert: { deleted: false },
          },
          { upsert: true },
        ),
      );
    },
    async deleteOrganization(organizationId, event) {
      await guardedUpsert(() =>
        InstitutionOrganization.updateOne(
          { _id: String(organizationId) },
          {
            $set: { deleted: true, asOf: event.occurredAt, isActive: false },
            $setOnInsert: { slug: `deleted-${organizationId}`, name: '', plan: 'free' },
          },
          { upsert: true },
        ),
      );
    },
    async setMember(data, event) {
      const { organizationId, member, role } = data;
      await guardedUpsert(() =>
        InstitutionMember.updateOne(
          { _id: `${organizationId}:${member.userId}`, ...olderThan(event.occurredAt) },
          {
            $set: {
              organizationId,
              userId: member.userId,
              email: member.email,
              displayName: member.displayName,
              role,
              asOf: event.occurredAt,
            },
          },
          { upsert: true },
        ),
      );
    },
    async upsertProgram(data, event) {
      await guardedUpsert(() =>
        InstitutionProgram.updateOne(
          { _id: data.programId, ...olderThan(event.occurredAt) },
          {
            $set: {
              organizationId: data.organizationId,
              name: data.name,
              startDate: data.startDate,
              endDate: data.endDate,
              templateVersion: data.templateVersion,
              riskRules: data.riskRules,
              registrationOpen: data.registrationOpen,
              archived: data.archived,
              asOf: event.occurredAt,
            },
          },
          { upsert: true },
        ),
      );
    },
    async enrolFounder({ programId, organizationId, founder, eventId, now }, events) {
      const existing = await Enrolment.findOne(
        { programId: String(programId), userId: String(founder.userId) },
        NO_OUTBOX,
      ).lean<EnrolmentDocument>();
      if (!existing) {
        const id = new Types.ObjectId();
        const record: EnrolmentRecord = {
          id: id.toHexString(),
          programId,
          organizationId,
          userId: founder.userId,
          founderEmail: founder.email,
          founderName: founder.displayName,
          ventureId: null,
          visibility: 'full',
          enrolledAt: now,
          leftAt: null,
          mentors: [],
          riskReported: false,
        };
        const outbox = events(record);
        try {
          await Enrolment.create({
            _id: id,
            programId,
            organizationId,
            userId: founder.userId,
            founderEmail: founder.email,
            founderName: founder.displayName,
            ventureId: null,
            visibility: 'full',
            enrolledAt: now,
            leftAt: null,
            mentors: [],
            enrolEventIds: [eventId],
            riskReported: false,
            outbox,
          });
        } catch (error) {
          // A concurrent delivery of the same enrolment created it first.
          if (isDuplicateKey(error)) return null;
          throw error;
        }
        written(outbox);
        return record;
      }
      if (existing.enrolEventIds?.includes(eventId) || existing.leftAt === null) return null;
      // A founder who left is enrolled again (by a new event): a fresh enrolment, without the old venture.
      return updateEnrolmentWith(
        {
          _id: existing._id,
          enrolEventIds: mongoose.trusted({ $ne: String(eventId) }),
          leftAt: mongoose.trusted({ $ne: null }),
        },
        {
          $set: {
            leftAt: null,
            enrolledAt: now,
            ventureId: null,
            visibility: 'full',
            mentors: [],
            riskReported: false,
            founderEmail: founder.email,
            founderName: founder.displayName,
          },
          $addToSet: { enrolEventIds: String(eventId) },
        },
        events,
      );
    },

    // ---- Enrolments ----
    enrolmentsOf: (userId) => readEnrolments({ userId: String(userId), ...CURRENT }),
    enrolmentOf: (programId, userId) =>
      readEnrolment({ programId: String(programId), userId: String(userId), ...CURRENT }),
    enrolmentOfVenture: (ventureId) => readEnrolment({ ventureId: String(ventureId), ...CURRENT }),
    enrolmentsOfVentures: (ventureIds) =>
      ventureIds.length === 0
        ? Promise.resolve([])
        : readEnrolments({ ventureId: mongoose.trusted({ $in: ventureIds.map(String) }), ...CURRENT }),
    cohortOf: (programId) => readEnrolments({ programId: String(programId), ...CURRENT }),
    mentoredBy: (userId) => readEnrolments({ 'mentors.userId': String(userId), ...CURRENT }),
    updateEnrolment({ programId, userId, ventureId, visibility, onlyIfNoVenture }, events) {
      return updateEnrolmentWith(
        {
          programId: String(programId),
          userId: String(userId),
          ...CURRENT,
          ...(onlyIfNoVenture ? { ventureId: null } : {}),
        },
        {
          $set: {
            ...(ventureId !== undefined ? { ventureId: String(ventureId) } : {}),
            ...(visibility !== undefined ? { visibility } : {}),
          },
        },
        events,
      );
    },
    releaseVenture(ventureId, events) {
      return updateEnrolmentWith(
        { ventureId: String(ventureId), ...CURRENT },
        { $set: { ventureId: null, mentors: [], riskReported: false } },
        events,
      );
    },
    leave({ programId, userId, now }, events) {
      return updateEnrolmentWith(
        { programId: String(programId), userId: String(userId), ...CURRENT },
        { $set: { leftAt: now, mentors: [], riskReported: false } },
        events,
      );
    },
    async setMentors({ programId, ventureId, mentors, expected }, events) {
      // Conditional on the mentors as read: of two concurrent assignments, the second sees a change.
      const filter = {
        programId: String(programId),
        ventureId: String(ventureId),
        ...CURRENT,
        'mentors.userId': mongoose.trusted(
          expected.length === 0 ? { $exists: false } : { $all: expected.map(String) },
        ),
        mentors: mongoose.trusted({ $size: expected.length }),
      };
      const doc = await Enrolment.findOneAndUpdate(
        { ...filter, ...notDeleted },
        { $set: { mentors }, ...push(events) },
        { returnDocument: 'after', projection: NO_OUTBOX },
      ).lean<EnrolmentDocument>();
      if (!doc) return null;
      written(events);
      return toEnrolment(doc);
    },
    async markUserDeleted(userId, at) {
      await InstitutionDeletedUser.updateOne(
        { _id: String(userId) },
        { $setOnInsert: { deletedAt: at } },
        { upsert: true },
      );
    },
    async deletedAmong(userIds) {
      if (userIds.length === 0) return new Set();
      const docs = await InstitutionDeletedUser.find(
        { _id: mongoose.trusted({ $in: userIds.map(String) }) },
        { _id: 1 },
      ).lean();
      return new Set(docs.map((doc) => doc._id));
    },
    async enrolmentsInvolving(userId) {
      const [own, mentored] = await Promise.all([
        readEnrolments({ userId: String(userId) }),
        readEnrolments({ 'mentors.userId': String(userId) }),
      ]);
      return { own, mentored };
    },
    async removeEnrolment(enrolmentId, now, events) {
      const before = await Enrolment.findOne(
        { _id: new Types.ObjectId(enrolmentId), ...notDeleted },
        NO_OUTBOX,
      ).lean<EnrolmentDocument>();
      if (!before) return false;
      const leftAt = before.leftAt ?? now;
      const outbox = events(toEnrolment({ ...before, leftAt, mentors: [], riskReported: false }));
      // Conditional on what was read (not yet marked, still current or still left): the events match it.
      const result = await Enrolment.updateOne(
        { _id: before._id, leftAt: before.leftAt ?? null, ...notDeleted },
        { $set: { deletedAt: now, leftAt, mentors: [], riskReported: false }, ...push(outbox) },
      );
      if (result.matchedCount === 0) return false;
      if (outbox.length > 0) written(outbox);
      // Nothing to publish (and nothing pending from before): gone now rather than at the relay's sweep.
      else
        await Enrolment.deleteOne({
          _id: before._id,
          deletedAt: mongoose.trusted({ $ne: null }),
          'outbox.0': mongoose.trusted({ $exists: false }),
        });
      return true;
    },
    async removeMentor(enrolmentId, userId, events) {
      const result = await Enrolment.updateOne(
        { _id: new Types.ObjectId(enrolmentId), 'mentors.userId': String(userId), ...notDeleted },
        { $pull: { mentors: { userId: String(userId) } }, ...push(events) },
      );
      if (result.matchedCount > 0) written(events);
      return result.matchedCount > 0;
    },
    async markRiskReported(enrolmentId, reported, events) {
      const result = await Enrolment.updateOne(
        { _id: new Types.ObjectId(enrolmentId), riskReported: !reported, ...CURRENT },
        { $set: { riskReported: reported }, ...push(events) },
      );
      if (result.matchedCount > 0) written(events);
      return result.matchedCount > 0;
    },

    // ---- Snapshots, exports ----
    async snapshotsOf(programId) {
      const docs = await CohortSnapshot.find(
        { programId: String(programId), ...notDeleted },
        { weekStart: 1, medianProgress: 1, ventureCount: 1, programId: 1 },
      )
        .sort({ weekStart: 1 })
        .lean();
      return docs.map((doc) => ({
        programId: doc.programId,
        weekStart: doc.weekStart,
        medianProgress: doc.medianProgress,
        ventureCount: doc.ventureCount,
      }));
    },
    async takeSnapshot(snapshot, events) {
      try {
        await CohortSnapshot.create({
          _id: `${snapshot.programId}:${snapshot.weekStart}`,
          ...snapshot,
          outbox: events,
        });
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
      written(events);
      return true;
    },
    async activePrograms() {
      const docs = await InstitutionProgram.find({ archived: false }).lean();
      const live = await activeOrganizations([...new Set(docs.map((doc) => doc.organizationId))]);
      return docs.filter((doc) => live.has(doc.organizationId)).map(toProgram);
    },
    async recordExport(entry, events) {
      await CohortExport.create({ ...entry, outbox: events });
      written(events);
    },
  };
  return store;
}
