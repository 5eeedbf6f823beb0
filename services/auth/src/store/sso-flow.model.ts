import { Schema, type Connection, type Model } from 'mongoose';

/** Issue 19: an SSO sign-in in progress (removed by the TTL index an hour after it expired). */
export interface SsoFlowDocument {
  _id: string;
  protocol?: 'oidc' | 'saml';
  state: string;
  nonce: string;
  codeVerifier: string;
  organizationId: string;
  issuer: string;
  clientId: string;
  samlRequestId?: string | null;
  samlResponse?: string | null;
  expiresAt: Date;
  usedAt: Date | null;
}

export const ssoFlowSchema = new Schema<SsoFlowDocument>(
  {
    _id: { type: String, required: true },
    protocol: { type: String, enum: ['oidc', 'saml'], default: 'oidc' },
    state: { type: String, default: '' },
    nonce: { type: String, default: '' },
    codeVerifier: { type: String, default: '' },
    organizationId: { type: String, required: true },
    issuer: { type: String, required: true },
    clientId: { type: String, default: '' },
    samlRequestId: { type: String, default: null },
    samlResponse: { type: String, default: null },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { collection: 'sso_flows', autoIndex: false, versionKey: false, strict: 'throw' },
);
ssoFlowSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 3600 });

export type SsoFlowModel = Model<SsoFlowDocument>;

export function ssoFlowModel(connection: Connection): SsoFlowModel {
  return (
    (connection.models.SsoFlow as SsoFlowModel | undefined) ??
    connection.model<SsoFlowDocument>('SsoFlow', ssoFlowSchema)
  );
}

/** Issue 19, SAML replay protection: an accepted assertion's key, kept until its NotOnOrAfter. */
export interface SamlAssertionDocument {
  _id: string;
  expiresAt: Date;
}

export const samlAssertionSchema = new Schema<SamlAssertionDocument>(
  {
    _id: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'sso_saml_assertions', autoIndex: false, versionKey: false, strict: 'throw' },
);
// Removed a minute after the assertion stopped being valid (the clock skew it may still be accepted in).
samlAssertionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 60 });

export type SamlAssertionModel = Model<SamlAssertionDocument>;

export function samlAssertionModel(connection: Connection): SamlAssertionModel {
  return (
    (connection.models.SamlAssertion as SamlAssertionModel | undefined) ??
    connection.model<SamlAssertionDocument>('SamlAssertion', samlAssertionSchema)
  );
}
