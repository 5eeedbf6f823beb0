import { createHash } from 'node:crypto';
import { openSealedText, sealText } from '@app/common';
import { X509Certificate } from 'node:crypto';
import * as oidc from 'openid-client';
import { fetchSamlMetadata, parseSamlMetadata } from './saml-metadata.ts';
import type { SsoServices } from '../domain/organization.ts';

export interface SsoServicesOptions {
  publicUrl: string;
  /** SSO_ENCRYPTION_KEY: seals new secrets. */
  key: string;
  /** SSO_ENCRYPTION_KEYS_PREVIOUS: still open what was sealed before a rotation. */
  previousKeys: readonly string[];
  /** SSO_ALLOW_HTTP_ISSUERS (never in production): discovery over plain http, for local test providers. */
  allowHttpIssuers: boolean;
  timeoutSeconds?: number;
}

/*
 * Issue 19: the SSO client secrets are sealed with AES-256-GCM (`sealText` of @app/common) under a key of
 * their own, SSO_ENCRYPTION_KEY: a leaked database or backup reveals no provider secret, and the key is
 * rotated without losing them (the previous keys still open them; the service re-seals under the new key
 * at start). The key never leaves the organization service; the sealed value never leaves its database.
 */
export function createSsoServices(options: SsoServicesOptions): SsoServices {
  const keys = [options.key, ...options.previousKeys];
  // Each key is hashed into its own AES key inside sealText; a distinct purpose keeps these apart from the
  // internal-secret sealing even if an operator reused a value.
  const purpose = (key: string) => createHash('sha256').update(`sso-client-secret\0${key}`).digest('hex');
  return {
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    seal: (secret) => sealText(secret, purpose(options.key)),
    open: (sealed) => openSealedText(sealed, keys.map(purpose)),
    sealedWithCurrentKey: (sealed) => openSealedText(sealed, purpose(options.key)) !== null,
    async discover(issuer) {
      const config = await oidc.discovery(new URL(issuer), 'discovery-check', undefined, undefined, {
        execute: options.allowHttpIssuers ? [oidc.allowInsecureRequests] : [],
        timeout: options.timeoutSeconds ?? 5,
      });
      const metadata = config.serverMetadata();
      return {
        issuer: metadata.issuer,
        authorizationEndpoint: metadata.authorization_endpoint ?? null,
        tokenEndpoint: metadata.token_endpoint ?? null,
        jwksUri: metadata.jwks_uri ?? null,
        endSessionEndpoint: metadata.end_session_endpoint ?? null,
      };
    },
    async samlMetadata(source) {
      const now = new Date();
      if ('xml' in source) return parseSamlMetadata(source.xml, now);
      return fetchSamlMetadata(source.url, {
        allowHttp: options.allowHttpIssuers,
        timeoutSeconds: options.timeoutSeconds ?? 5,
        now,
      });
    },
    summarizeCertificates(pems) {
      return pems.map((pem) => {
        const cert = new X509Certificate(pem);
        return {
          subject: cert.subject.replace(/\n/g, ', '),
          notBefore: new Date(cert.validFrom).toISOString(),
          notAfter: new Date(cert.validTo).toISOString(),
          fingerprint256: cert.fingerprint256,
        };
      });
    },
  };
}
