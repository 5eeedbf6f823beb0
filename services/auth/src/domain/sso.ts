import type { SsoErrorReason, SsoInternalConnection, SsoMemberOutcome } from '@app/contracts';

/*
 * Issue 19: what the SSO use cases need. The organization service owns the connections (`SsoDirectory`);
 * this service keeps the sign-ins in progress (`SsoFlowRepository`) and speaks OpenID Connect with the
 * provider (`RelyingParty`, openid-client).
 */

/** An SSO sign-in in progress, bound to one browser's session (the gateway keeps its id there). */
export interface SsoFlowRecord {
  /** Opaque, random (the session action's `id`). */
  id: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  organizationId: string;
  issuer: string;
  clientId: string;
  expiresAt: Date;
}

export interface SsoFlowRepository {
  create(flow: SsoFlowRecord): Promise<void>;
  /**
   * Uses the flow up: the first call gets it, every later one (a replayed callback) gets 'used'. An
   * unknown id is 'unknown'; expiry is the caller's to check.
   */
  consume(id: string, now: Date): Promise<SsoFlowRecord | 'used' | 'unknown'>;
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
