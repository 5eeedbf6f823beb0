import mongoose from 'mongoose';
import type { AuditRecord, AuditRepository, EnrolmentRepository } from '../domain/organization.ts';
import type { OrgAuditAction } from '@app/contracts';
import type { EnrolmentModel, OrgAuditDocument, OrgAuditModel } from './audit.model.ts';
import type { OrganizationDocument, OrganizationModel } from './organization.model.ts';

function toRecord(doc: OrgAuditDocument): AuditRecord {
  return {
    id: doc._id,
    action: doc.action as OrgAuditAction,
    actor: { userId: doc.actor.userId, displayName: doc.actor.displayName },
    target: doc.target,
    details: doc.details ?? {},
    at: doc.at,
  };
}

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

export function createAuditRepository(
  audit: OrgAuditModel,
  organizations: OrganizationModel,
): AuditRepository {
  async function insert(organizationId: string, entry: AuditRecord): Promise<void> {
    try {
      await audit.create({
        _id: entry.id,
        organizationId,
        action: entry.action,
        actor: entry.actor,
        target: entry.target,
        details: entry.details,
        at: entry.at,
      });
    } catch (error) {
      // Moved already (a retried flush, a redelivered event): nothing more to do.
      if (!isDuplicateKey(error)) throw error;
    }
  }

  return {
    async flushPending(organizationId) {
      const filter: Record<string, unknown> = { 'auditPending.0': mongoose.trusted({ $exists: true }) };
      if (organizationId) filter._id = new mongoose.Types.ObjectId(organizationId);
      const docs = await organizations
        .find(filter, { auditPending: 1 })
        .limit(100)
        .lean<Array<Pick<OrganizationDocument, '_id' | 'auditPending'>>>();
      for (const doc of docs) {
        const entries = doc.auditPending ?? [];
        for (const entry of entries) {
          await insert(String(doc._id), { ...entry, action: entry.action as OrgAuditAction });
        }
        // Only what was moved leaves (the revision is not touched: a workspace write racing this keeps going).
        await organizations.updateOne(
          { _id: doc._id },
          { $pull: { auditPending: { id: { $in: entries.map((e) => e.id) } } } },
        );
      }
    },

    add: (organizationId, entry) => insert(organizationId, entry),

    async page(organizationId, { after, limit }) {
      const filter: Record<string, unknown> = { organizationId: String(organizationId) };
      if (after) {
        filter.$or = [
          { at: mongoose.trusted({ $lt: after.at }) },
          { at: after.at, _id: mongoose.trusted({ $lt: String(after.id) }) },
        ];
      }
      const docs = await audit.find(filter).sort({ at: -1, _id: -1 }).limit(limit).lean<OrgAuditDocument[]>();
      return docs.map(toRecord);
    },
  };
}

export function createEnrolmentRepository(model: EnrolmentModel): EnrolmentRepository {
  return {
    async record({ organizationId, programId, userId, enrolled, at }) {
      const _id = `${programId}:${userId}`;
      // Only a newer state replaces the recorded one: an older or repeated event changes nothing.
      const result = await model.updateOne(
        { _id, at: mongoose.trusted({ $lt: at }) },
        { $set: { enrolled, at } },
      );
      if (result.matchedCount > 0) return;
      try {
        await model.create({ _id, organizationId, programId, userId, enrolled, at });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    },

    async counts(organizationId) {
      const rows = await model
        .find({ organizationId: String(organizationId), enrolled: true }, { programId: 1 })
        .lean<Array<{ programId: string }>>();
      const counts: Record<string, number> = {};
      for (const row of rows) counts[row.programId] = (counts[row.programId] ?? 0) + 1;
      return counts;
    },
  };
}
