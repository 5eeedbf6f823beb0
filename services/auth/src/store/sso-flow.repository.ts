import type { SsoFlowRecord, SsoFlowRepository } from '../domain/sso.ts';
import type { SsoFlowDocument, SsoFlowModel } from './sso-flow.model.ts';

export function createSsoFlowRepository(model: SsoFlowModel): SsoFlowRepository {
  return {
    async create(flow: SsoFlowRecord) {
      const { id, ...rest } = flow;
      await model.create({ _id: id, ...rest, usedAt: null });
    },
    async consume(id, now) {
      // One conditional write: of two callbacks racing with the same flow, exactly one gets it.
      const doc = await model
        .findOneAndUpdate({ _id: String(id), usedAt: null }, { $set: { usedAt: now } })
        .lean<SsoFlowDocument>();
      if (!doc) return (await model.exists({ _id: String(id) })) ? 'used' : 'unknown';
      return {
        id: doc._id,
        state: doc.state,
        nonce: doc.nonce,
        codeVerifier: doc.codeVerifier,
        organizationId: doc.organizationId,
        issuer: doc.issuer,
        clientId: doc.clientId,
        expiresAt: doc.expiresAt,
      };
    },
  };
}
