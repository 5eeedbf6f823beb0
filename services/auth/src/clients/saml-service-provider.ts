import type { SsoInternalConnection } from '@app/contracts';
import type { CacheProvider, Profile, SAML } from '@node-saml/node-saml';
import { SsoError, type SamlServiceProvider } from '../domain/sso.ts';

export interface SamlServiceProviderOptions {
  /** How far the identity provider's clock may be off (NotBefore / NotOnOrAfter). */
  clockSkewMs?: number;
}

const SAML_ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

/** The attribute names identity providers commonly use (Entra ID / ADFS claims, OIDs, LDAP names). */
const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
const GIVEN_NAME_ATTRIBUTES = [
  'givenName',
  'firstName',
  'urn:oid:2.5.4.42',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
];
const FAMILY_NAME_ATTRIBUTES = [
  'sn',
  'surname',
  'lastName',
  'urn:oid:2.5.4.4',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
];
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

function firstText(profile: Profile, names: readonly string[]): string | null {
  for (const name of names) {
    const value = profile[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string' && text.trim() !== '') return text.trim().slice(0, 320);
  }
  return null;
}

/**
 * node-saml and its XML stack (xmldom, xml-crypto, xpath, xml-encryption) load on the first SAML sign-in, not
 * at start: most deployments never use SAML, and they hold about 4 MiB of the auth service's heap (issue 22).
 */
const samlLibrary = () => import('@node-saml/node-saml');
const xmlParser = () => import('@xmldom/xmldom');

/**
 * An InResponseTo store that knows exactly one request: the one of the flow this browser's session
 * started. node-saml asks it whether the response's InResponseTo was issued; anything else is unknown.
 */
function oneRequest(requestId: string | null): CacheProvider {
  return {
    saveAsync: async () => null,
    getAsync: async (key) => (requestId !== null && key === requestId ? new Date().toISOString() : null),
    removeAsync: async () => null,
  };
}

/*
 * Issue 19: SAML 2.0 with @node-saml/node-saml. Requests go out with the HTTP-Redirect binding (deflated,
 * unsigned: the identity provider needs nothing from us but the ACS URL it has registered); responses come
 * back with HTTP-POST. Every response is checked by the library: the assertion signed by one of the
 * connection's certificates (`wantAssertionsSigned`; a signed response alone is not enough), issuer = the
 * identity provider's entity id, audience = our entity id, InResponseTo = the flow's request (`always`),
 * NotBefore / NotOnOrAfter with a small clock skew. A new SAML instance per call: connections differ per
 * organization and change at any time.
 */
export function createSamlServiceProvider(options: SamlServiceProviderOptions = {}): SamlServiceProvider {
  const skew = options.clockSkewMs ?? 60_000;

  async function samlFor(
    connection: SsoInternalConnection,
    sp: { entityId: string; acsUrl: string },
    requestId: string | null,
  ): Promise<SAML> {
    if (!connection.saml) throw new SsoError('unavailable', 'not a SAML connection');
    const { SAML, ValidateInResponseTo } = await samlLibrary();
    return new SAML({
      entryPoint: connection.saml.ssoUrl,
      idpCert: connection.saml.certificates,
      idpIssuer: connection.issuer,
      issuer: sp.entityId,
      audience: sp.entityId,
      callbackUrl: sp.acsUrl,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: skew,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: 24 * 3600_000,
      cacheProvider: oneRequest(requestId),
      generateUniqueId: () => requestId ?? '',
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      signatureAlgorithm: 'sha256',
    });
  }

  return {
    async authorizeUrl(connection, sp, { requestId, relayState }) {
      return (await samlFor(connection, sp, requestId)).getAuthorizeUrlAsync(relayState, undefined, {});
    },

    async validate(connection, sp, samlResponse, { requestId }) {
      const saml = await samlFor(connection, sp, requestId);
      let profile: Profile | null;
      try {
        ({ profile } = await saml.validatePostResponseAsync({
          SAMLResponse: samlResponse,
        }));
      } catch (error) {
        const status = (error as { xmlStatus?: string }).xmlStatus;
        if (status) throw new SsoError('provider', `the identity provider answered ${status.slice(0, 200)}`);
        throw new SsoError(
          'token',
          `SAML response refused: ${String((error as Error).message).slice(0, 200)}`,
        );
      }
      if (!profile || !profile.nameID) throw new SsoError('token', 'the assertion names no subject');
      // node-saml checked the issuer when it was present; an assertion must name it.
      if (profile.issuer !== connection.issuer)
        throw new SsoError('token', 'the assertion names another issuer');
      const { assertionId, notOnOrAfter } = await assertionFacts(profile.getAssertionXml?.() ?? '');
      const email =
        firstText(profile, EMAIL_ATTRIBUTES) ??
        (profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : null);
      return {
        issuer: connection.issuer,
        nameId: profile.nameID,
        assertionId,
        notOnOrAfter,
        email,
        givenName: firstText(profile, GIVEN_NAME_ATTRIBUTES),
        familyName: firstText(profile, FAMILY_NAME_ATTRIBUTES),
      };
    },
  };
}

/** The verified assertion's ID and the end of its validity (replay protection needs both). */
async function assertionFacts(xml: string): Promise<{ assertionId: string; notOnOrAfter: Date }> {
  const { DOMParser } = await xmlParser();
  const doc = new DOMParser({ errorHandler: { warning: () => undefined } }).parseFromString(xml, 'text/xml');
  const assertion = doc?.documentElement;
  const assertionId = assertion?.getAttribute('ID') ?? '';
  if (!assertion || assertionId === '') throw new SsoError('token', 'the assertion has no ID');
  const limits = [
    ...Array.from(assertion.getElementsByTagNameNS(SAML_ASSERTION, 'Conditions')),
    ...Array.from(assertion.getElementsByTagNameNS(SAML_ASSERTION, 'SubjectConfirmationData')),
  ]
    .map((node) => Date.parse(node.getAttribute('NotOnOrAfter') ?? ''))
    .filter((ms) => Number.isFinite(ms));
  if (limits.length === 0) throw new SsoError('token', 'the assertion has no NotOnOrAfter');
  return { assertionId, notOnOrAfter: new Date(Math.min(...limits)) };
}
