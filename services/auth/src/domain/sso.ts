import type { SsoErrorReason, SsoInternalConnection, SsoMemberOutcome } from '@app/contracts';

/*
 * Issue 19: what the SSO use cases need. The organization service owns the connections (`SsoDirectory`);
 * this service keeps the sign-ins in progress (`SsoFlowRepository`) and speaks OpenID Connect with the
 * provider (`RelyingParty`, openid-client).
 */

/** An SSO sign-in in progress, bound to one browser's session (the gateway keeps its id there). */
export interface SsoFlowRecord {
  /** Opaque, random (the session action's `id`; SAML's RelayState). */
  id: string;
  protocol: 'oidc' | 'saml';
  /** OpenID Connect only (empty for SAML). */
  state: string;
  nonce: string;
  codeVerifier: string;
  organizationId: string;
  issuer: string;
  clientId: string;
  /** SAML: the AuthnRequest's ID, which the response's InResponseTo must name (null for OpenID Connect). */
  samlRequestId: string | null;
  /** SAML: the response the identity provider posted for this flow, kept until this browser completes it. */
  samlResponse: string | null;
  expiresAt: Date;
}

export interface SsoFlowRepository {
  create(flow: SsoFlowRecord): Promise<void>;
  /**
   * Uses the flow up: the first call gets it, every later one (a replayed callback) gets 'used'. An
   * unknown id is 'unknown'; expiry is the caller's to check.
   */
  consume(id: string, now: Date): Promise<SsoFlowRecord | 'used' | 'unknown'>;
  /**
   * SAML: keeps the posted response with its unused, unexpired SAML flow, once (one conditional write: a
   * second post for the same flow is refused). false when no such flow waits for one.
   */
  attachSamlResponse(id: string, samlResponse: string, now: Date): Promise<boolean>;
}

/**
 * SAML replay protection: each assertion (by issuer and ID) is accepted once, remembered until its
 * NotOnOrAfter. `claim` is one conditional insert: of two posts of the same assertion exactly one wins.
 */
export interface SamlAssertionRepository {
  claim(key: string, expiresAt: Date): Promise<boolean>;
}

/** What a validated SAML assertion says (the signature, issuer, audience and conditions already held). */
export interface SamlAssertion {
  /** The identity provider's entity id. */
  issuer: string;
  nameId: string;
  assertionId: string;
  /** When the assertion stops being valid (its Conditions, else its SubjectConfirmationData). */
  notOnOrAfter: Date;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
}

/** SAML 2.0 service provider (@node-saml/node-saml). */
export interface SamlServiceProvider {
  /** The IdP's SSO URL with a deflated, HTTP-Redirect AuthnRequest whose ID is `requestId`. */
  authorizeUrl(
    connection: SsoInternalConnection,
    sp: { entityId: string; acsUrl: string },
    checks: { requestId: string; relayState: string },
  ): Promise<string>;
  /**
   * Validates a posted SAMLResponse: signed assertion by one of the connection's certificates, issuer =
   * the IdP's entity id, audience = our entity id, InResponseTo = `requestId`, NotBefore/NotOnOrAfter with
   * a small skew. Throws `SsoError('token' | 'provider')` on any failure.
   */
  validate(
    connection: SsoInternalConnection,
    sp: { entityId: string; acsUrl: string },
    samlResponse: string,
    checks: { requestId: string },
  ): Promise<SamlAssertion>;
}

export interface SsoDirectory {
  /** The connection listing this e-mail domain, or null when none does. */
  byDomain(domain: string, correlationId: string): Promise<SsoInternalConnection | null>;
  /** The organization's connection, or null when it has none (any more). */
  ofOrganization(organizationId: string, correlationId: string): Promise<SsoInternalConnection | null>;
  recordSignIn(
    input: {
      organizationId: string;
      userId: string;
      email: string;
      displayName: string;
      outcome: SsoMemberOutcome;
      issuer: string;
    },
    correlationId: string,
  ): Promise<void>;
}

/** The verified claims of a completed OpenID Connect sign-in. */
export interface SsoClaims {
  issuer: string;
  subject: string;
  email: string | null;
  /** true / false as the provider says; null when it says nothing. */
  emailVerified: boolean | null;
  givenName: string | null;
  familyName: string | null;
}

export interface RelyingParty {
  authorizationUrl(
    connection: SsoInternalConnection,
    checks: { state: string; nonce: string; codeChallenge: string; redirectUri: string; loginHint: string },
  ): Promise<string>;
  /**
   * Exchanges the code (PKCE) and validates the ID token: issuer, audience, signature, expiry, nonce,
   * state. Throws `SsoError('token' | 'provider')` on any failure.
   */
  complete(
    connection: SsoInternalConnection,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<SsoClaims>;
  /** The provider's end-session URL for signing out there too, or null when it has none. */
  endSessionUrl(connection: SsoInternalConnection, postLogoutRedirectUri: string): Promise<string | null>;
  /** PKCE: a fresh verifier and its S256 challenge. */
  pkce(): Promise<{ verifier: string; challenge: string }>;
  random(): string;
}

export interface SsoContext {
  directory: SsoDirectory;
  flows: SsoFlowRepository;
  rp: RelyingParty;
  saml: SamlServiceProvider;
  assertions: SamlAssertionRepository;
  /** How long a sign-in may take between "Continue with SSO" and the callback. */
  flowTtlMs: number;
}

/** An SSO sign-in that ends on the error page, with no session. */
export class SsoError extends Error {
  readonly reason: SsoErrorReason;
  constructor(reason: SsoErrorReason, detail: string) {
    super(detail);
    this.name = 'SsoError';
    this.reason = reason;
  }
}

/** The key an SSO identity is linked by: the issuer and the subject, which is unique only within it. */
export const ssoKeyOf = (issuer: string, subject: string) => `${issuer} ${subject}`;
