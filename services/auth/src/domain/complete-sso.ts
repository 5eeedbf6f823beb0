import {
  DEFAULT_LANGUAGE,
  emailDomainOf,
  type SsoInternalConnection,
  type SsoMemberOutcome,
} from '@app/contracts';
import { callbackUrlOf, samlSpOf, ssoOf } from './start-sso.ts';
import { SsoError, ssoKeyOf, type SsoClaims } from './sso.ts';
import {
  authEvent,
  normalizeUsername,
  SSO_ONLY_PASSWORD,
  UsernameTakenError,
  type AuthContext,
  type Caller,
  type UserRecord,
} from './user.ts';

export interface SsoSignIn {
  user: UserRecord;
  organizationId: string;
  outcome: SsoMemberOutcome;
}

/**
 * The provider sent the browser back (`GET /api/sso/callback`). The flow must be the one this browser's
 * session started (`flowId` from the gateway), unused, unexpired and with the same state; the provider's
 * answer must verify (openid-client: PKCE, issuer, audience, signature, expiry, nonce). Then the account:
 * the one linked to (issuer, subject); else an existing account with the e-mail, linked only when the
 * provider says the e-mail is verified and its domain is allowed; else a new account, just in time. The
 * user becomes a member of the organization (the organization service, idempotent). Any failure is an
 * `SsoError` and no session.
 */
export async function completeSso(
  ctx: AuthContext,
  caller: Caller,
  flowId: string | undefined,
  callbackUrl: URL,
): Promise<SsoSignIn> {
  const sso = ssoOf(ctx);
  if (!flowId) throw new SsoError('state', 'no sign-in in progress in this session');
  const flow = await sso.flows.consume(flowId, ctx.clock());
  if (flow === 'unknown' || flow === 'used') throw new SsoError('state', `flow ${flow}`);
  if (flow.protocol !== 'oidc') throw new SsoError('state', 'the flow of this session is not OpenID Connect');
  if (callbackUrl.searchParams.get('state') !== flow.state)
    throw new SsoError('state', 'state does not match the flow of this session');
  if (flow.expiresAt.getTime() < ctx.clock().getTime()) throw new SsoError('expired', 'flow expired');
  const providerError = callbackUrl.searchParams.get('error');
  if (providerError) throw new SsoError('provider', `provider answered ${providerError.slice(0, 100)}`);

  const connection = await sso.directory
    .ofOrganization(flow.organizationId, caller.correlationId)
    .catch(() => null);
  if (!connection || !connection.enabled)
    throw new SsoError('unavailable', 'the connection is gone or disabled');
  if (
    connection.protocol !== 'oidc' ||
    connection.issuer !== flow.issuer ||
    connection.clientId !== flow.clientId
  )
    throw new SsoError('expired', 'the connection changed during the sign-in');

  const claims = await sso.rp.complete(connection, callbackUrl, {
    state: flow.state,
    nonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
  });
  return signInWith(ctx, caller, connection, claims);
}

/**
 * SAML, in two steps because the identity provider's form post is cross-site and carries no session
 * cookie: `keepSamlResponse` (the ACS) only keeps the posted response with the flow its RelayState names;
 * `completeSamlSso` (a top-level GET from the same browser, which does carry the cookie) takes the flow of
 * this session, and only then is the response validated (signed assertion, issuer, audience, InResponseTo
 * = this flow's request, conditions), its assertion claimed once (replay), and the account found or made by
 * the same rules as OpenID Connect. A response posted for another browser's flow never signs this one in.
 */
export async function keepSamlResponse(
  ctx: AuthContext,
  relayState: string,
  samlResponse: string,
): Promise<void> {
  const sso = ssoOf(ctx);
  if (!(await sso.flows.attachSamlResponse(relayState, samlResponse, ctx.clock())))
    throw new SsoError('state', 'no SAML sign-in waits for this response');
}

export async function completeSamlSso(
  ctx: AuthContext,
  caller: Caller,
  flowId: string | undefined,
): Promise<SsoSignIn> {
  const sso = ssoOf(ctx);
  if (!flowId) throw new SsoError('state', 'no sign-in in progress in this session');
  const flow = await sso.flows.consume(flowId, ctx.clock());
  if (flow === 'unknown' || flow === 'used') throw new SsoError('state', `flow ${flow}`);
  if (flow.protocol !== 'saml' || !flow.samlRequestId)
    throw new SsoError('state', 'the flow of this session is not SAML');
  if (flow.expiresAt.getTime() < ctx.clock().getTime()) throw new SsoError('expired', 'flow expired');
  if (!flow.samlResponse) throw new SsoError('state', 'no SAML response was posted for this sign-in');

  const connection = await sso.directory
    .ofOrganization(flow.organizationId, caller.correlationId)
    .catch(() => null);
  if (!connection || !connection.enabled || connection.protocol !== 'saml')
    throw new SsoError('unavailable', 'the connection is gone, disabled or no longer SAML');
  if (connection.issuer !== flow.issuer)
    throw new SsoError('expired', 'the connection changed during the sign-in');

  const assertion = await sso.saml.validate(connection, samlSpOf(ctx), flow.samlResponse, {
    requestId: flow.samlRequestId,
  });
  // Replay: each assertion once, remembered until it stops being valid anyway.
  if (!(await sso.assertions.claim(`${assertion.issuer} ${assertion.assertionId}`, assertion.notOnOrAfter)))
    throw new SsoError('token', 'the assertion was already used');
  const email = assertion.email ? normalizeUsername(assertion.email) : null;
  return signInWith(ctx, caller, connection, {
    issuer: assertion.issuer,
    subject: assertion.nameId,
    email,
    // SAML has no email_verified: an asserted address counts as verified only in a domain the organization
    // allows (its administrators vouch for their identity provider there); elsewhere it links nothing.
    emailVerified: email !== null && connection.domains.includes(emailDomainOf(email)),
    givenName: assertion.givenName,
    familyName: assertion.familyName,
  });
}

/** One way into an account for both protocols: linking, provisioning, membership, the same refusals. */
async function signInWith(
  ctx: AuthContext,
  caller: Caller,
  connection: SsoInternalConnection,
  claims: SsoClaims,
): Promise<SsoSignIn> {
  const sso = ssoOf(ctx);
  const { user, outcome } = await accountFor(ctx, caller, connection, claims);
  if (!user.isActive) throw new SsoError('deactivated', 'the account is deactivated');
  try {
    await sso.directory.recordSignIn(
      {
        organizationId: connection.organizationId,
        userId: user.id,
        email: user.username,
        displayName: displayNameOf(user),
        outcome,
        issuer: connection.issuer,
      },
      caller.correlationId,
    );
  } catch {
    // Not a member yet: no session (the next sign-in finds the account and tries again).
    throw new SsoError('unavailable', 'the organization service could not record the sign-in');
  }
  return { user, organizationId: connection.organizationId, outcome };
}

function displayNameOf(user: UserRecord): string {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim() !== '').join(' ');
  return name === '' ? user.username : name;
}

/** The rules of linking and provisioning (pure but for the store). */
async function accountFor(
  ctx: AuthContext,
  caller: Caller,
  connection: SsoInternalConnection,
  claims: SsoClaims,
): Promise<{ user: UserRecord; outcome: SsoMemberOutcome }> {
  const key = ssoKeyOf(claims.issuer, claims.subject);
  const linked = await ctx.users.findBySsoKey(key);
  if (linked) return { user: linked, outcome: 'signedIn' };

  const email = claims.email ? normalizeUsername(claims.email) : null;
  if (!email || !connection.domains.includes(emailDomainOf(email)))
    throw new SsoError('email', 'no e-mail in an allowed domain');
  const existing = await ctx.users.findByUsername(email);
  if (existing) return linkExisting(ctx, existing, key, claims);
  // A provider that says the address is NOT verified gets no new account under it either.
  if (claims.emailVerified === false) throw new SsoError('email', 'e-mail not verified for a new account');

  const id = ctx.users.newId();
  try {
    const user = await ctx.users.create(
      {
        id,
        username: email,
        passwordHash: SSO_ONLY_PASSWORD,
        isAdmin: false,
        organizationId: connection.organizationId,
        ssoKey: key,
        firstName: claims.givenName,
        lastName: claims.familyName,
        // Issue 21: the browser's language, as a registration without a picked one.
        language: caller.acceptLanguage ?? DEFAULT_LANGUAGE,
      },
      [
        authEvent(ctx, caller, 'user.registered', {
          userId: id,
          username: email,
          organizationId: connection.organizationId,
          language: caller.acceptLanguage ?? DEFAULT_LANGUAGE,
        }),
      ],
    );
    return { user, outcome: 'created' };
  } catch (error) {
    if (!(error instanceof UsernameTakenError)) throw error;
    // Two first sign-ins at once: the other one created it.
    const raced = await ctx.users.findByUsername(email);
    if (!raced) throw error;
    return linkExisting(ctx, raced, key, claims);
  }
}

async function linkExisting(
  ctx: AuthContext,
  user: UserRecord,
  key: string,
  claims: SsoClaims,
): Promise<{ user: UserRecord; outcome: SsoMemberOutcome }> {
  // Linking hands the account to whoever controls this identity: only on the provider's word that the
  // address is theirs.
  if (claims.emailVerified !== true)
    throw new SsoError('email', 'the provider did not say the e-mail is verified');
  if (!(await ctx.users.linkSsoKey(user.id, key))) throw new SsoError('state', 'the account is gone');
  return { user, outcome: 'linked' };
}

export { callbackUrlOf };
