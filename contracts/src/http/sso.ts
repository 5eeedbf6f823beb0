import { z } from 'zod';
import { emailField } from './auth.ts';
import { orgSlugParams } from './institution.ts';
import { defineRoute, successSchema, text } from './route.ts';

/*
 * Issue 19: single sign-on per organization. The organization service owns an organization's SSO connection
 * (edited by its org admins in the workspace's Settings tab); the auth service runs the sign-in flow and asks
 * the gateway to open the same session a password sign-in opens. The client secret is write-only: no answer
 * ever carries it, only whether one is set (`clientSecretSet`). Only the internal lookup the auth service
 * uses hands it out, decrypted, over the signed service call.
 */

export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** Roles an SSO sign-in may give a new member (an org admin is always appointed by a person). */
export const SSO_DEFAULT_ROLES = ['founder', 'mentor', 'programManager'] as const;
export type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

export const SSO_LIMITS = {
  domains: 20,
  clientId: 200,
  clientSecret: 1000,
  issuer: 500,
  /** SAML metadata pasted as XML, in characters (a metadata URL's answer is held to the same size). */
  metadataXml: 200_000,
  metadataUrl: 1000,
} as const;

/** The largest SAMLResponse form field accepted (base64, in characters). */
export const SSO_SAML_RESPONSE_MAX = 500_000;

const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const ssoDomainSchema = text('Each domain must be text')
  .trim()
  .toLowerCase()
  .regex(domainPattern, 'Each domain must look like example.com (no @, no spaces)');

/** The domain of an e-mail address, lowercased (the part after the last @). */
export function emailDomainOf(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

const issuerField = text('Issuer URL is required', 'Issuer URL must be text')
  .trim()
  .max(SSO_LIMITS.issuer, `Issuer URL must be at most ${SSO_LIMITS.issuer} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'Issuer URL must be an http(s) URL' }));

/** A signing certificate of a SAML identity provider, as its metadata names it (never the key: it has none). */
export const samlCertificateSummarySchema = z.object({
  subject: z.string(),
  notBefore: z.iso.datetime(),
  notAfter: z.iso.datetime(),
  fingerprint256: z.string(),
});
export type SamlCertificateSummary = z.output<typeof samlCertificateSummarySchema>;

/** What a SAML connection holds besides the common fields (`issuer` is the IdP's entity id). */
export const samlConnectionSchema = z.object({
  ssoUrl: z.string(),
  certificates: z.array(samlCertificateSummarySchema),
  /** Where the metadata was fetched from; null when it was pasted. */
  metadataUrl: z.string().nullable(),
});

/**
 * An organization's SSO connection as org admins see it (never the secret). `protocol` picks the meaning of
 * `issuer`: the OpenID issuer URL, or the SAML identity provider's entity id; `clientId` is empty and
 * `clientSecretSet` false for SAML, whose settings are in `saml`.
 */
export const ssoConnectionSchema = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  enabled: z.boolean(),
  enforced: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  domains: z.array(z.string()),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
  saml: samlConnectionSchema.nullable(),
  updatedAt: z.iso.datetime(),
});
export type SsoConnection = z.output<typeof ssoConnectionSchema>;

export const ssoSettingsSchema = z.object({
  connection: ssoConnectionSchema.nullable(),
  /** The redirect URI to register at the provider. */
  redirectUri: z.string(),
  /** What to register at a SAML identity provider: our entity id (the audience) and the ACS URL. */
  saml: z.object({ entityId: z.string(), acsUrl: z.string() }),
});
export type SsoSettings = z.output<typeof ssoSettingsSchema>;

export const oidcConnectionBody = z.strictObject({
  protocol: z.literal('oidc', { error: 'Protocol must be oidc or saml' }),
  enabled: z.boolean('enabled must be true or false'),
  enforced: z.boolean('enforced must be true or false'),
  issuer: issuerField,
  clientId: text('Client ID is required', 'Client ID must be text')
    .trim()
    .min(1, 'Client ID is required')
    .max(SSO_LIMITS.clientId, `Client ID must be at most ${SSO_LIMITS.clientId} characters`),
  /** Omitted: keep the stored secret. */
  clientSecret: text('Client secret must be text')
    .min(1, 'Client secret must not be empty')
    .max(SSO_LIMITS.clientSecret, `Client secret must be at most ${SSO_LIMITS.clientSecret} characters`)
    .optional(),
  domains: z
    .array(ssoDomainSchema, 'domains must be a list')
    .min(1, 'Add at least one email domain')
    .max(SSO_LIMITS.domains, `At most ${SSO_LIMITS.domains} domains`),
  defaultRole: z.enum(SSO_DEFAULT_ROLES, {
    error: `Default role must be one of ${SSO_DEFAULT_ROLES.join(', ')}`,
  }),
});

const domainsField = z
  .array(ssoDomainSchema, 'domains must be a list')
  .min(1, 'Add at least one email domain')
  .max(SSO_LIMITS.domains, `At most ${SSO_LIMITS.domains} domains`);

const metadataXmlField = text('Metadata XML must be text')
  .trim()
  .min(1, 'Paste the metadata XML, or give its URL')
  .max(SSO_LIMITS.metadataXml, `Metadata XML must be at most ${SSO_LIMITS.metadataXml} characters`);
const metadataUrlField = text('Metadata URL must be text')
  .trim()
  .max(SSO_LIMITS.metadataUrl, `Metadata URL must be at most ${SSO_LIMITS.metadataUrl} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'Metadata URL must be an http(s) URL' }));

/** SAML metadata, pasted or by URL: exactly one of the two. */
const samlMetadataFields = {
  metadataXml: metadataXmlField.optional(),
  metadataUrl: metadataUrlField.optional(),
};
const oneMetadataSource = (value: { metadataXml?: string; metadataUrl?: string }) =>
  (value.metadataXml === undefined) !== (value.metadataUrl === undefined);
const ONE_METADATA_SOURCE = 'Give the identity provider metadata either as XML or as a URL (one of the two)';

/**
 * Issue 19, SAML 2.0: the identity provider's entity id, SSO URL and signing certificates are read from its
 * metadata (pasted XML, or fetched from its URL when saved); nothing secret is entered.
 */
export const samlConnectionBody = z
  .strictObject({
    protocol: z.literal('saml', { error: 'Protocol must be oidc or saml' }),
    enabled: z.boolean('enabled must be true or false'),
    enforced: z.boolean('enforced must be true or false'),
    ...samlMetadataFields,
    domains: domainsField,
    defaultRole: z.enum(SSO_DEFAULT_ROLES, {
      error: `Default role must be one of ${SSO_DEFAULT_ROLES.join(', ')}`,
    }),
  })
  .refine(oneMetadataSource, { error: ONE_METADATA_SOURCE, path: ['metadataXml'] });

export const ssoConnectionBody = z.discriminatedUnion('protocol', [oidcConnectionBody, samlConnectionBody], {
  error: 'Protocol must be oidc or saml',
});

export const oidcTestBody = z.strictObject({ issuer: issuerField });
export const samlTestBody = z
  .strictObject({ protocol: z.literal('saml'), ...samlMetadataFields })
  .refine(oneMetadataSource, { error: ONE_METADATA_SOURCE, path: ['metadataXml'] });
/** "Test connection": an OpenID issuer (discovery), or SAML metadata (read and checked). */
export const ssoTestBody = z.union([oidcTestBody, samlTestBody], {
  error: 'Give an issuer URL, or protocol saml with metadata XML or a metadata URL',
});

/** What "Test connection" found: the provider's discovery document, or what is wrong. */
export const ssoTestResultSchema = z.object({
  ok: z.boolean(),
  issuer: z.string().nullable(),
  authorizationEndpoint: z.string().nullable(),
  tokenEndpoint: z.string().nullable(),
  jwksUri: z.string().nullable(),
  endSessionEndpoint: z.string().nullable(),
  /** SAML: what the metadata names (null for OpenID Connect, or when it could not be read). */
  saml: z
    .object({
      entityId: z.string(),
      ssoUrl: z.string(),
      certificates: z.array(samlCertificateSummarySchema),
    })
    .nullable(),
  problem: z.string().nullable(),
});
export type SsoTestResult = z.output<typeof ssoTestResultSchema>;

const IN_ORG = ['AUTH.UNAUTHENTICATED', 'ORGANIZATION.NOT_FOUND', 'ORGANIZATION.FORBIDDEN'] as const;

/** The organization service's SSO settings calls (org admins; platform administrators act as org admins). */
export const ssoSettingsApi = {
  getSso: defineRoute({
    method: 'GET',
    path: '/api/orgs/:slug/sso',
    params: orgSlugParams,
    answer: ssoSettingsSchema,
    errors: IN_ORG,
  }),
  /** Creates or replaces the connection (audited `sso.updated`; the secret only as "changed"). */
  putSso: defineRoute({
    method: 'PUT',
    path: '/api/orgs/:slug/sso',
    params: orgSlugParams,
    body: ssoConnectionBody,
    answer: ssoSettingsSchema,
    errors: [...IN_ORG, 'SSO.DOMAIN_TAKEN', 'SSO.SECRET_REQUIRED', 'SSO.METADATA_INVALID'],
  }),
  /** Removes the connection (audited `sso.deleted`); password sign-in works again for its domains. */
  deleteSso: defineRoute({
    method: 'DELETE',
    path: '/api/orgs/:slug/sso',
    params: orgSlugParams,
    answer: successSchema,
    errors: IN_ORG,
  }),
  testSso: defineRoute({
    method: 'POST',
    path: '/api/orgs/:slug/sso/test',
    params: orgSlugParams,
    body: ssoTestBody,
    answer: ssoTestResultSchema,
    errors: IN_ORG,
  }),
} as const;

/** A connection as the auth service needs it: with the decrypted secret (internal calls only). */
export const ssoInternalConnectionSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  protocol: z.enum(SSO_PROTOCOLS),
  enabled: z.boolean(),
  enforced: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  /** Empty for SAML (it has no secret). */
  clientSecret: z.string(),
  domains: z.array(z.string()),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
  /** SAML: the identity provider's SSO URL and signing certificates (PEM); null for OpenID Connect. */
  saml: z.object({ ssoUrl: z.string(), certificates: z.array(z.string()).min(1) }).nullable(),
});
export type SsoInternalConnection = z.output<typeof ssoInternalConnectionSchema>;

export const SSO_MEMBER_OUTCOMES = ['created', 'linked', 'signedIn'] as const;
export type SsoMemberOutcome = (typeof SSO_MEMBER_OUTCOMES)[number];

export const ssoInternalApi = {
  /** The connection whose domains include this one (404 `SSO.NOT_CONFIGURED` when none). */
  connectionByDomain: defineRoute({
    method: 'GET',
    path: '/internal/sso/connections',
    query: z.strictObject({ domain: ssoDomainSchema }),
    answer: ssoInternalConnectionSchema,
    errors: ['SSO.NOT_CONFIGURED'],
  }),
  connectionOf: defineRoute({
    method: 'GET',
    path: '/internal/sso/connections/:organizationId',
    params: z.strictObject({ organizationId: z.string().regex(/^[0-9a-f]{24}$/i) }),
    answer: ssoInternalConnectionSchema,
    errors: ['SSO.NOT_CONFIGURED'],
  }),
  /**
   * After an SSO sign-in: the user becomes a member with the connection's default role unless already one
   * (idempotent); a created or linked account is audited (`sso.user_created`, `sso.user_linked`).
   */
  recordSignIn: defineRoute({
    method: 'POST',
    path: '/internal/sso/sign-ins',
    body: z.strictObject({
      organizationId: z.string().regex(/^[0-9a-f]{24}$/i),
      userId: z.string().min(1).max(64),
      email: z.string().min(3).max(320),
      displayName: z.string().min(1).max(300),
      outcome: z.enum(SSO_MEMBER_OUTCOMES),
      issuer: z.string().max(SSO_LIMITS.issuer),
    }),
    answer: successSchema,
    errors: ['SSO.NOT_CONFIGURED'],
  }),
} as const;

/** The auth service's SSO calls through the gateway. */
export const ssoApi = {
  /** Signed out: the e-mail picks the organization by its domain; answers where to send the browser. */
  start: defineRoute({
    method: 'POST',
    path: '/api/sso/start',
    body: z.strictObject({ email: emailField }),
    answer: z.object({ redirectUrl: z.string() }),
    errors: ['SSO.NOT_CONFIGURED', 'SSO.UNAVAILABLE'],
  }),
  /**
   * The redirect URI registered at the provider: a browser navigation, answered with a redirect (to `/`
   * signed in, or to `/auth/sso-error?reason=…` with no session), never JSON.
   */
  callback: defineRoute({
    method: 'GET',
    path: '/api/sso/callback',
    answer: z.never(),
  }),
  /**
   * SAML: the assertion consumer service, form-posted by the identity provider (a cross-site POST by
   * design, so the browser sends no session cookie with it). Only keeps the response with the sign-in it
   * names (RelayState) and answers 303 to `samlComplete`, a top-level GET that carries the session cookie;
   * nothing is trusted here. A response that names no waiting sign-in goes to the error page.
   */
  samlAcs: defineRoute({
    method: 'POST',
    path: '/api/sso/saml/acs',
    body: z.object({
      SAMLResponse: z.string().min(1).max(SSO_SAML_RESPONSE_MAX),
      RelayState: z.string().min(1).max(200),
    }),
    answer: z.never(),
  }),
  /**
   * SAML, same browser: the sign-in of this session's flow is completed with the kept response (validated
   * here: signature, issuer, audience, InResponseTo, conditions, replay), answered like `callback`.
   */
  samlComplete: defineRoute({
    method: 'GET',
    path: '/api/sso/saml/complete',
    answer: z.never(),
  }),
} as const;
