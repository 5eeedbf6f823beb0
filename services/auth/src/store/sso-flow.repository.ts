import mongoose from 'mongoose';
import type { SamlAssertionRepository, SsoFlowRecord, SsoFlowRepository } from '../domain/sso.ts';
import type { SamlAssertionModel, SsoFlowDocument, SsoFlowModel } from './sso-flow.model.ts';

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
        protocol: doc.protocol ?? 'oidc',
        state: doc.state,
        nonce: doc.nonce,
        codeVerifier: doc.codeVerifier,
        organizationId: doc.organizationId,
        issuer: doc.issuer,
        clientId: doc.clientId,
        samlRequestId: doc.samlRequestId ?? null,
        samlResponse: doc.samlResponse ?? null,
        expiresAt: doc.expiresAt,
      };
    },
    async attachSamlResponse(id, samlResponse, now) {
      const result = await model.updateOne(
        {
          _id: String(id),
          protocol: 'saml',
          usedAt: null,
          samlResponse: null,
          expiresAt: mongoose.trusted({ $gt: now }),
        },
        { $set: { samlResponse: String(samlResponse) } },
      );
      return result.modifiedCount === 1;
    },
  };
}

export function createSamlAssertionRepository(model: SamlAssertionModel): SamlAssertionRepository {
  return {
    async claim(key, expiresAt) {
      try {
        await model.create({ _id: String(key), expiresAt });
        return true;
      } catch (error) {
        if ((error as { code?: number }).code === 11000) return false;
        throw error;
      }
    },
  };
}
