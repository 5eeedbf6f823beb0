import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/*
 * Issue 19: a SAML identity provider for tests, with no network: a key and a self-signed certificate made
 * in the test (selfsigned), its metadata, and responses signed with xml-crypto (the XML-signature library
 * node-saml itself verifies with), RSA-SHA256 with exclusive canonicalization, as real IdPs sign.
 */

export interface SamlTestIdp {
  entityId: string;
  ssoUrl: string;
  cert: string;
  privateKey: string;
  metadata(options?: { cert?: string }): string;
  response(input: SamlResponseInput): string;
}

export interface SamlResponseInput {
  inResponseTo: string;
  audience: string;
  acsUrl: string;
  nameId: string;
  email?: string | null;
  givenName?: string;
  familyName?: string;
  assertionId?: string;
  issuer?: string;
  /** Validity window of the assertion (default: from a minute ago to five minutes from now). */
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** Which element is signed: the assertion (as required), only the response, or nothing. */
  sign?: 'assertion' | 'response' | 'none';
  /** Sign with this key instead of the IdP's (a forger's). */
  signingKey?: string;
}

const pemBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function certificate(options: { notAfter?: Date; notBefore?: Date } = {}) {
  const pems = await generate([{ name: 'commonName', value: 'Northgate Test IdP' }], {
    keySize: 2048,
    algorithm: 'sha256',
    ...(options.notBefore ? { notBeforeDate: options.notBefore } : {}),
    ...(options.notAfter ? { notAfterDate: options.notAfter } : {}),
  });
  return { cert: pems.cert, privateKey: pems.private };
}

export async function startSamlTestIdp(entityId: string): Promise<SamlTestIdp> {
  const { cert, privateKey } = await certificate();
  const ssoUrl = 'https://idp.northgate.test/saml/sso';
  const sign = (xml: string, what: 'Assertion' | 'Response', key: string) => {
    const sig = new SignedXml({
      privateKey: key,
      publicCert: cert,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    sig.addReference({
      xpath: `//*[local-name(.)='${what}']`,
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
    });
    sig.computeSignature(xml, {
      location: { reference: `//*[local-name(.)='${what}']/*[local-name(.)='Issuer']`, action: 'after' },
    });
    return sig.getSignedXml();
  };
  return {
    entityId,
    ssoUrl,
    cert,
    privateKey,
    metadata: (options = {}) =>
      `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
        <ds:X509Data><ds:X509Certificate>${pemBody(options.cert ?? cert)}</ds:X509Certificate></ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`,
    response(input) {
      const now = new Date();
      const notBefore = (input.notBefore ?? new Date(now.getTime() - 60_000)).toISOString();
      const notOnOrAfter = (input.notOnOrAfter ?? new Date(now.getTime() + 300_000)).toISOString();
      const issuer = escape(input.issuer ?? entityId);
      const assertionId = input.assertionId ?? `_a${randomBytes(12).toString('hex')}`;
      const attribute = (name: string, value: string | undefined | null) =>
        value
          ? `<saml:Attribute Name="${name}"><saml:AttributeValue>${escape(value)}</saml:AttributeValue></saml:Attribute>`
          : '';
      const assertion =
        `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}">` +
        `<saml:Issuer>${issuer}</saml:Issuer>` +
        `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escape(input.nameId)}</saml:NameID>` +
        `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escape(input.inResponseTo)}" NotOnOrAfter="${notOnOrAfter}" Recipient="${escape(input.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
        `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escape(input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
        `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${randomBytes(6).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
        `<saml:AttributeStatement>${attribute('email', input.email ?? null)}${attribute('givenName', input.givenName)}${attribute('sn', input.familyName)}</saml:AttributeStatement>` +
        `</saml:Assertion>`;
      const key = input.signingKey ?? privateKey;
      const mode = input.sign ?? 'assertion';
      const signedAssertion = mode === 'assertion' ? sign(assertion, 'Assertion', key) : assertion;
      let response =
        `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(12).toString('hex')}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${escape(input.acsUrl)}" InResponseTo="${escape(input.inResponseTo)}">` +
        `<saml:Issuer>${issuer}</saml:Issuer>` +
        `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
        signedAssertion.replace(/^<\?xml[^>]*>/, '') +
        `</samlp:Response>`;
      if (mode === 'response') response = sign(response, 'Response', key);
      return Buffer.from(response).toString('base64');
    },
  };
}

/** What the platform sent the browser to the IdP with: the AuthnRequest's ID and the RelayState. */
export function readAuthnRequest(redirectUrl: string): { id: string; relayState: string; xml: string } {
  const url = new URL(redirectUrl);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString();
  const id = /\sID="([^"]+)"/.exec(xml)?.[1] ?? '';
  return { id, relayState: url.searchParams.get('RelayState') ?? '', xml };
}
