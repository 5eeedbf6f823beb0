import { AppError } from '@app/common';
import { emailDomainOf, SSO_NOT_CONFIGURED_MESSAGE } from '@app/contracts';
import type { SsoContext } from './sso.ts';
import type { AuthContext, Caller } from './user.ts';

export const ssoErrors = {
  notConfigured: () => AppError.notFound(SSO_NOT_CONFIGURED_MESSAGE, 'SSO.NOT_CONFIGURED'),
  unavailable: () =>
    AppError.unavailable(
      'Single sign-on for your organization is not available right now. Please try again later.',
      'SSO.UNAVAILABLE',
    ),
};

export function ssoOf(ctx: AuthContext): SsoContext {
  if (!ctx.sso) throw ssoErrors.notConfigured();
  return ctx.sso;
}

export const callbackUrlOf = (ctx: AuthContext) => `${ctx.settings.publicUrl}/api/sso/callback`;

/** SAML: our entity id (the audience) and assertion consumer service URL, from PUBLIC_URL. */
export const samlSpOf = (ctx: AuthContext) => ({
  entityId: `${ctx.settings.publicUrl}/api/sso/saml`,
  acsUrl: `${ctx.settings.publicUrl}/api/sso/saml/acs`,
});

/**
 * "Continue with SSO": the e-mail's domain picks the organization; a flow (state, nonce, PKCE verifier) is
 * stored for this browser, and the provider's authorization URL is answered.
 */
export async function startSso(
  ctx: AuthContext,
  caller: Caller,
  email: string,
): Promise<{ redirectUrl: string; flowId: string }> {
  const sso = ssoOf(ctx);
  const connection = await sso.directory.byDomain(emailDomainOf(email), caller.correlationId);
  if (!connection || !connection.enabled) throw ssoErrors.notConfigured();
  if (connection.protocol === 'saml') {
    // The flow id travels as RelayState; the AuthnRequest's ID is what the response must answer.
    const flowId = sso.rp.random();
    const requestId = `_${sso.rp.random()}`;
    let redirectUrl: string;
    try {
      redirectUrl = await sso.saml.authorizeUrl(connection, samlSpOf(ctx), { requestId, relayState: flowId });
    } catch {
      throw ssoErrors.unavailable();
    }
    await sso.flows.create({
      id: flowId,
      protocol: 'saml',
      state: '',
      nonce: '',
      codeVerifier: '',
      organizationId: connection.organizationId,
      issuer: connection.issuer,
      clientId: '',
      samlRequestId: requestId,
      samlResponse: null,
      expiresAt: new Date(ctx.clock().getTime() + sso.flowTtlMs),
    });
    return { redirectUrl, flowId };
  }
  const state = sso.rp.random();
  const nonce = sso.rp.random();
  const { verifier, challenge } = await sso.rp.pkce();
  let redirectUrl: string;
  try {
    redirectUrl = await sso.rp.authorizationUrl(connection, {
      state,
      nonce,
      codeChallenge: challenge,
      redirectUri: callbackUrlOf(ctx),
      loginHint: email,
    });
  } catch {
    // Discovery failed (provider down, wrong issuer): nothing to send the browser to.
    throw ssoErrors.unavailable();
  }
  const flowId = sso.rp.random();
  await sso.flows.create({
    id: flowId,
    protocol: 'oidc',
    state,
    nonce,
    codeVerifier: verifier,
    organizationId: connection.organizationId,
    issuer: connection.issuer,
    clientId: connection.clientId,
    samlRequestId: null,
    samlResponse: null,
    expiresAt: new Date(ctx.clock().getTime() + sso.flowTtlMs),
  });
  return { redirectUrl, flowId };
}
