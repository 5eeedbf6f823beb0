import type { SsoInternalConnection } from '@app/contracts';
import * as oidc from 'openid-client';
import { SsoError, type RelyingParty, type SsoClaims } from '../domain/sso.ts';

export interface RelyingPartyOptions {
  /** SSO_ALLOW_HTTP_ISSUERS (never in production): plain-http providers, for local test providers. */
  allowHttpIssuers: boolean;
  /** How long a provider's discovery document is reused. */
  discoveryTtlMs?: number;
  timeoutSeconds?: number;
  clock?: () => number;
}

/*
 * Issue 19: OpenID Connect with openid-client (the certified relying-party library): authorization code with
 * PKCE S256, state and nonce; the ID token's signature (the provider's JWKS), issuer, audience, expiry and
 * nonce are checked by the library. The client authenticates with client_secret_basic, every provider's
 * default. Discovery documents are kept a few minutes per (issuer, client).
 */
export function createRelyingParty(options: RelyingPartyOptions): RelyingParty {
  const ttl = options.discoveryTtlMs ?? 5 * 60_000;
  const now = options.clock ?? Date.now;
  const cache = new Map<string, { config: Promise<oidc.Configuration>; until: number }>();

  function configOf(connection: SsoInternalConnection): Promise<oidc.Configuration> {
    // The secret is part of the key, so a changed secret is used at once.
    const key = JSON.stringify([connection.issuer, connection.clientId, connection.clientSecret]);
    const cached = cache.get(key);
    if (cached && cached.until > now()) return cached.config;
    const config = oidc.discovery(
      new URL(connection.issuer),
      connection.clientId,
      undefined,
      oidc.ClientSecretBasic(connection.clientSecret),
      {
        execute: options.allowHttpIssuers ? [oidc.allowInsecureRequests] : [],
        timeout: options.timeoutSeconds ?? 5,
      },
    );
    cache.set(key, { config, until: now() + ttl });
    config.catch(() => cache.delete(key));
    if (cache.size > 500) cache.delete(cache.keys().next().value as string);
    return config;
  }

  return {
    random: () => oidc.randomState(),
    async pkce() {
      const verifier = oidc.randomPKCECodeVerifier();
      return { verifier, challenge: await oidc.calculatePKCECodeChallenge(verifier) };
    },
    async authorizationUrl(connection, checks) {
      const config = await configOf(connection);
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: checks.redirectUri,
          scope: 'openid email profile',
          response_type: 'code',
          code_challenge: checks.codeChallenge,
          code_challenge_method: 'S256',
          state: checks.state,
          nonce: checks.nonce,
          login_hint: checks.loginHint,
        })
        .toString();
    },
    async complete(connection, callbackUrl, checks): Promise<SsoClaims> {
      let config: oidc.Configuration;
      try {
        config = await configOf(connection);
      } catch (error) {
        throw new SsoError('unavailable', `discovery failed: ${(error as Error).message}`);
      }
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        const err = error as { code?: string; error?: string; message?: string };
        throw new SsoError(
          'token',
          `${err.code ?? err.error ?? 'error'}: ${err.message ?? ''}`.slice(0, 300),
        );
      }
      const idToken = tokens.claims();
      if (!idToken) throw new SsoError('token', 'no ID token');
      let claims: Record<string, unknown> = { ...idToken };
      // Some providers keep the e-mail for the userinfo endpoint.
      if (typeof claims.email !== 'string' && tokens.access_token) {
        try {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
          claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
        } catch {
          // No e-mail then: the linking rules refuse the sign-in with a clear reason.
        }
      }
      const text = (value: unknown) =>
        typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        email: text(claims.email),
        emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
        givenName: text(claims.given_name)?.slice(0, 100) ?? null,
        familyName: text(claims.family_name)?.slice(0, 100) ?? null,
      };
    },
    async endSessionUrl(connection, postLogoutRedirectUri) {
      const config = await configOf(connection);
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc
        .buildEndSessionUrl(config, {
          client_id: connection.clientId,
          post_logout_redirect_uri: postLogoutRedirectUri,
        })
        .toString();
    },
  };
}
