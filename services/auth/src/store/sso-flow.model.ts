import { Schema, type Connection, type Model } from 'mongoose';

/** Issue 19: an SSO sign-in in progress (removed by the TTL index an hour after it expired). */
export interface SsoFlowDocument {
  _id: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  organizationId: string;
  issuer: string;
  clientId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export const ssoFlowSchema = new Schema<SsoFlowDocument>(
  {
    _id: { type: String, required: true },
    state: { type: String, required: true },
    nonce: { type: String, required: true },
    codeVerifier: { type: String, required: true },
    organizationId: { type: String, required: true },
    issuer: { type: String, required: true },
    clientId: { type: String, required: true },
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
