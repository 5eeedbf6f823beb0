import { Types } from 'mongoose';
import type { AuditEntry, AuditLog } from '../domain/admin.ts';
import type { AuditDocument, AuditModel } from './audit.model.ts';

function toEntry(doc: AuditDocument): AuditEntry {
  return {
    id: String(doc._id),
    actorId: doc.actorId,
    actorUsername: doc.actorUsername,
    action: doc.action,
    targetType: doc.targetType as AuditEntry['targetType'],
    targetId: doc.targetId ?? null,
    details: doc.details ?? {},
    outcome: doc.outcome as AuditEntry['outcome'],
    errorCode: doc.errorCode ?? null,
    at: doc.at.toISOString(),
  };
}

export function createAuditLog(model: AuditModel): AuditLog {
  return {
    async begin(entry, at) {
      const doc = await model.create({ ...entry, outcome: 'pending', errorCode: null, at });
      return String(doc._id);
    },
    async finish(id, outcome, errorCode) {
      await model.updateOne({ _id: new Types.ObjectId(id) }, { $set: { outcome, errorCode } });
    },
    async list(limit) {
      const docs = await model.find({}).sort({ at: -1, _id: -1 }).limit(limit).lean<AuditDocument[]>();
      return docs.map(toEntry);
    },
  };
}
